"""The contract as data: `schema`, `prompt`, `examples`, `publish`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .common import EXIT_OK, Parser, add_command


def run_schema(args: argparse.Namespace) -> int:
    from ..contract import schema

    data = schema.catalog_bytes() if args.catalog else schema.schema_bytes()
    sys.stdout.buffer.write(data)
    sys.stdout.flush()
    return EXIT_OK


def run_prompt(args: argparse.Namespace) -> int:
    from ..publish.prompt import build_prompt

    print(build_prompt())
    return EXIT_OK


def run_examples(args: argparse.Namespace) -> int:
    from ..publish.examples import write_examples

    for path in write_examples(Path(args.out)):
        print(path)
    return EXIT_OK


def run_publish(args: argparse.Namespace) -> int:
    from ..publish.tree import write_tree

    for path in write_tree(Path(args.out)):
        print(path)
    return EXIT_OK


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(sub, "schema", run_schema, "Print the JSON Schema of the current version.")
    p.add_argument("--catalog", action="store_true", help="print the version catalog instead")

    add_command(
        sub, "prompt", run_prompt, "Print the prompt for an AI assistant that writes plotdoc files."
    )

    p = add_command(sub, "examples", run_examples, "Write the example documents.")
    p.add_argument("--out", required=True, metavar="DIR", help="the folder to write into")

    p = add_command(
        sub, "publish", run_publish, "Write the publishable tree (schemas, examples, spec page)."
    )
    p.add_argument("--out", required=True, metavar="DIR", help="the folder to write into")

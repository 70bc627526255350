"""The contract as data: `schema`, `prompt`, `examples`, `publish`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..contract.schema import SCHEMA_FILES
from ..contract.site import CURRENT_VERSION
from .common import EXIT_OK, EXIT_REFUSED, Parser, add_command


def run_schema(args: argparse.Namespace) -> int:
    from ..contract import schema

    data = schema.catalog_bytes() if args.catalog else schema.schema_bytes(args.schema_version)
    sys.stdout.buffer.write(data)
    sys.stdout.flush()
    return EXIT_OK


def run_prompt(args: argparse.Namespace) -> int:
    from ..publish.prompt import build_prompt

    print(build_prompt())
    return EXIT_OK


def run_examples(args: argparse.Namespace) -> int:
    from ..publish.examples import EXTENSION, example_names, write_examples

    folder = Path(args.out)
    existing = [folder / (n + EXTENSION) for n in example_names()]
    existing = [p for p in existing if p.exists()]
    if existing and not args.force:
        shown = ", ".join(p.name for p in existing[:3]) + (", ..." if len(existing) > 3 else "")
        print(
            f"plotdoc examples: {len(existing)} file(s) exist in {folder} ({shown}); expected "
            "a folder without them (give another -o DIR, or --force to replace them)",
            file=sys.stderr,
        )
        return EXIT_REFUSED
    for path in write_examples(folder):
        print(path)
    return EXIT_OK


def run_publish(args: argparse.Namespace) -> int:
    from ..publish.tree import write_tree

    for path in write_tree(Path(args.out)):
        print(path)
    return EXIT_OK


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub,
        "schema",
        run_schema,
        "Print the JSON Schema of the current version (or of --version N).",
    )
    p.add_argument("--catalog", action="store_true", help="print the version catalog instead")
    p.add_argument(
        "--version",
        dest="schema_version",
        type=int,
        choices=sorted(SCHEMA_FILES),
        default=CURRENT_VERSION,
        metavar="N",
        help=f"the schema of version N ({', '.join(map(str, sorted(SCHEMA_FILES)))}; default "
        f"{CURRENT_VERSION}, the current one)",
    )

    add_command(
        sub, "prompt", run_prompt, "Print the prompt for an AI assistant that writes plotdoc files."
    )

    p = add_command(sub, "examples", run_examples, "Write the example documents.")
    _add_output(p)
    p.add_argument(
        "--force", action="store_true", help="replace example files already in the folder"
    )

    p = add_command(
        sub, "publish", run_publish, "Write the publishable tree (schemas, examples, spec page)."
    )
    _add_output(p)


def _add_output(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "-o",
        "--output",
        "--out",
        dest="out",
        required=True,
        metavar="DIR",
        help="the folder to write into",
    )

"""A small, safe Markdown to HTML converter for the subset the spec page emits.

Blocks: ATX headings (``#`` to ``####``), paragraphs, bullet lists (``- ``), numbered lists
(``1. ``), pipe tables (a header row, a ``|---|`` row, body rows; ``\\|`` is a literal bar),
fenced code blocks (three backticks) and horizontal rules (``---``). Inline: ``code``,
``**bold**``, ``*emphasis*`` and ``[text](target)`` links. All text is HTML-escaped; a link
target is kept only when it is a fragment (``#...``) or an ``https://`` address, and any other
link is written as its text. Raw HTML in the input is escaped, never passed through.

Heading ids follow GitHub's rule (:func:`slug`), so the Markdown's ``#fragment`` links work
in both renderings.
"""

from __future__ import annotations

import html
import re

_HEADING = re.compile(r"(#{1,4}) (.+)")
_BULLET = re.compile(r"- (.*)")
_NUMBERED = re.compile(r"\d+\. (.*)")
_RULE = re.compile(r"\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?")
_INLINE = re.compile(
    r"(?P<code>`+)(?P<codetext>.+?)(?P=code)"
    r"|\*\*(?P<bold>.+?)\*\*"
    r"|(?<![\w*])\*(?P<em>[^*\s][^*]*?)\*(?![\w*])"
    r"|\[(?P<text>[^\]]+)\]\((?P<href>[^)\s]+)\)"
)
_SAFE_HREF = re.compile(r"#[\w-]+|https://[\w.~:/?#@!$&'()*+,;=%-]+")


def slug(text: str) -> str:
    """GitHub's heading anchor: lower case, markup and punctuation dropped, spaces to ``-``."""
    plain = re.sub(r"[`*]", "", text).lower()
    plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", plain)
    return re.sub(r"[^\w\- ]", "", plain).replace(" ", "-")


def inline(text: str) -> str:
    """One line of inline Markdown as escaped HTML."""
    out: list[str] = []
    pos = 0
    for m in _INLINE.finditer(text):
        out.append(_text(text[pos : m.start()]))
        if m.group("code"):
            out.append(f"<code>{html.escape(m.group('codetext').strip(' '))}</code>")
        elif m.group("bold") is not None:
            out.append(f"<strong>{inline(m.group('bold'))}</strong>")
        elif m.group("em") is not None:
            out.append(f"<em>{inline(m.group('em'))}</em>")
        else:
            label = inline(m.group("text"))
            href = m.group("href")
            if _SAFE_HREF.fullmatch(href):
                out.append(f'<a href="{html.escape(href, quote=True)}">{label}</a>')
            else:
                out.append(label)
        pos = m.end()
    out.append(_text(text[pos:]))
    return "".join(out)


def _text(text: str) -> str:
    return html.escape(text.replace("\\|", "|"), quote=False)


def _cells(row: str) -> list[str]:
    body = row.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    return [c.strip() for c in re.split(r"(?<!\\)\|", body)]


def to_html(markdown: str) -> str:
    """The HTML body (no ``<html>`` wrapper) of a Markdown text in the supported subset."""
    lines = markdown.split("\n")
    out: list[str] = []
    i = 0
    seen: dict[str, int] = {}
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if line.startswith("```"):
            lang = line[3:].strip()
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            code = html.escape("\n".join(lines[i + 1 : j]), quote=False)
            cls = f' class="language-{html.escape(lang, quote=True)}"' if lang else ""
            out.append(f"<pre><code{cls}>{code}</code></pre>")
            i = j + 1
            continue
        heading = _HEADING.fullmatch(line)
        if heading:
            level = len(heading.group(1))
            title = heading.group(2).strip()
            anchor = slug(title)
            if anchor in seen:
                seen[anchor] += 1
                anchor = f"{anchor}-{seen[anchor]}"
            else:
                seen[anchor] = 0
            out.append(f'<h{level} id="{html.escape(anchor)}">{inline(title)}</h{level}>')
            i += 1
            continue
        if line.strip() == "---":
            out.append("<hr>")
            i += 1
            continue
        if line.startswith("|") and i + 1 < len(lines) and _RULE.fullmatch(lines[i + 1].strip()):
            head = _cells(line)
            rows: list[list[str]] = []
            j = i + 2
            while j < len(lines) and lines[j].startswith("|"):
                rows.append(_cells(lines[j]))
                j += 1
            out.append("<table>")
            out.append(
                "<thead><tr>" + "".join(f"<th>{inline(c)}</th>" for c in head) + "</tr></thead>"
            )
            out.append("<tbody>")
            for row in rows:
                out.append("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in row) + "</tr>")
            out.append("</tbody></table>")
            i = j
            continue
        for pattern, tag in ((_BULLET, "ul"), (_NUMBERED, "ol")):
            if pattern.fullmatch(line):
                items: list[str] = []
                while i < len(lines) and lines[i].strip():
                    m = pattern.fullmatch(lines[i])
                    if m:
                        items.append(m.group(1))
                    elif lines[i].startswith("  ") and items:
                        items[-1] += " " + lines[i].strip()
                    else:
                        break
                    i += 1
                out.append(
                    f"<{tag}>" + "".join(f"<li>{inline(t)}</li>" for t in items) + f"</{tag}>"
                )
                break
        else:
            para: list[str] = []
            while i < len(lines) and lines[i].strip():
                if lines[i].startswith(("```", "#", "|")) and para:
                    break
                para.append(lines[i].strip())
                i += 1
            out.append(f"<p>{inline(' '.join(para))}</p>")
    return "\n".join(out) + "\n"


STYLE = """
body { font-family: system-ui, sans-serif; line-height: 1.5; max-width: 60rem;
       margin: 2rem auto; padding: 0 1rem; color: #222; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.9em; }
pre { background: #f5f5f5; padding: 0.75rem; overflow-x: auto; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left;
         vertical-align: top; }
th { background: #f0f0f0; }
h2 { border-bottom: 1px solid #ddd; margin-top: 2.5rem; }
""".strip()


def page(title: str, markdown: str) -> str:
    """A standalone HTML page (inline CSS, no script) of ``markdown``."""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>\n{STYLE}\n</style>\n</head>\n<body>\n"
        + to_html(markdown)
        + "</body>\n</html>\n"
    )

"""Values on the page as data, never as markup or code.

Everything in a file is data: a table's id, a data set's name, a title, a file's name. On the
page such a value is an attribute's value or a JavaScript argument, and it must reach the
browser as a value, never as text that is parsed. NiceGUI's ``props("...")`` parses its string
(``key=value`` pairs, quotes, ``:key`` props the browser evaluates as JavaScript), so a value
put into that string could end the attribute and add its own: an id such as
``x" innerHTML="<img src=x onerror=...>"`` would run script. The editor's rule:

- ``props(...)``, ``classes(...)`` and ``style(...)`` take constant strings only;
- an attribute holding a computed value is set here, as an item of the element's props (a
  dictionary sent to the browser as JSON and set as the attribute's value, never parsed);
- JavaScript the server asks the page to run names a function of the page and passes its
  arguments as JSON literals made here, which no value can end (``<``, ``>``, ``&`` and every
  character outside ASCII are escaped, so not even ``</script>`` survives);
- text is shown by text elements (``ui.label``, tooltips, options), whose text is never markup.

``tests/editor/test_injection.py`` holds the editor's code to this rule and opens a file whose
every string carries an injection.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from nicegui.element import Element

E = TypeVar("E", bound=Element)

#: a function of the page: a name, or names joined by dots
_FUNCTION = re.compile(r"[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*")
#: an attribute's name the editor sets (data-*, aria-*, title and the like; never on*)
_ATTRIBUTE = re.compile(r"(data|aria)-[a-z0-9-]+|title|role")


def attr(element: E, name: str, value: str | int | float) -> E:
    """Set the attribute ``name`` of ``element`` to ``value``, as a value."""
    if not _ATTRIBUTE.fullmatch(name):
        raise ValueError(f"not an attribute the editor sets: {name!r}")
    element.props[name] = str(value)
    return element


def testid(element: E, value: str) -> E:
    """Name ``element`` for tests (``data-testid``), whatever ``value`` holds."""
    return attr(element, "data-testid", value)


def js_literal(value: Any) -> str:
    """``value`` as a JavaScript literal (JSON) that no value can end or leave."""
    text = json.dumps(value, ensure_ascii=True, allow_nan=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def js_call(function: str, *args: Any, if_loaded: bool = False) -> str:
    """JavaScript calling the page's ``function`` with ``args`` as data; ``if_loaded``: only
    once the page's script defines it (a call sent while the page still loads does nothing)."""
    if not _FUNCTION.fullmatch(function):
        raise ValueError(f"not a function name: {function!r}")
    call = f"{function}({', '.join(js_literal(a) for a in args)})"
    return f"window.{function} && {call}" if if_loaded else call

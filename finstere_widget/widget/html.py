"""Standalone HTML: the board's painter (the same ESM the widget uses) and its synced frames
embedded in one page, stepping in the browser without Python."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.errors import SceneError, shown
from ..engine.files import file_path, write_file
from ..render import style
from ..render.svg import xml_chars

if TYPE_CHECKING:
    from .synced import PageState

STATIC_DIR = Path(__file__).resolve().parent / "static"

#: the exported page's background and text, light and dark: the drawing's own (render/style.py
#: and its DARK palette), so the board's canvas and the page around it are one surface
PAGE_COLOURS: dict[str, dict[str, str]] = {
    "light": {"bg": style.BACKGROUND, "text": style.CAPTION_TEXT},
    "dark": {"bg": style.DARK[style.BACKGROUND], "text": style.DARK[style.CAPTION_TEXT]},
}

_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ margin: 16px; background: {light_bg}; color: {light_text}; }}
/* a reader whose system is dark gets the dark page (board.js paints the dark palette, and
   board.css gives the board's controls their dark colours) */
@media (prefers-color-scheme: dark) {{
  body {{ background: {dark_bg}; color: {dark_text}; color-scheme: dark; }}
}}
{css}
</style>
</head>
<body>
<h1 style="font: bold 18px 'DejaVu Sans', Arial, sans-serif">{title}</h1>
<div id="finstere-board"></div>
<script type="application/json" id="finstere-state">{state}</script>
<script type="text/plain" id="finstere-esm">{esm}</script>
<script type="module">
// A minimal stand-in for the anywidget model: the state is local, nothing is sent.
const state = JSON.parse(document.getElementById("finstere-state").textContent);
const listeners = {{}};
const model = {{
  get: (k) => state[k],
  set: (k, v) => {{ state[k] = v; }},
  save_changes: () => {{}},
  send: () => {{}},
  on: (name, cb) => {{ (listeners[name] = listeners[name] || []).push(cb); }},
  off: (name, cb) => {{
    listeners[name] = (listeners[name] || []).filter((f) => f !== cb);
  }},
}};
const source = document.getElementById("finstere-esm").textContent;
const url = URL.createObjectURL(new Blob([source], {{ type: "text/javascript" }}));
const mod = await import(url);
mod.default.render({{ model, el: document.getElementById("finstere-board") }});
</script>
</body>
</html>
"""


#: a refusal in an ipywidgets HTML line, styled as the board's problem hint (board.css): the
#: theme's error colour as a bar, the text in the theme's font colour (readable light or dark)
PROBLEM_STYLE = (
    "border-left: 4px solid var(--jp-error-color1, #d32f2f); padding-left: 6px; "
    "color: var(--jp-ui-font-color1, #1f1a16)"
)


def problem_html(text: str) -> str:
    """``text`` (escaped) as a refusal in an ipywidgets ``HTML`` value."""
    return f"<b style='{PROBLEM_STYLE}'>{html.escape(text)}</b>"


def _script_safe(text: str) -> str:
    """Text that cannot close the ``<script>`` element it sits in."""
    return text.replace("</", "<\\/")


#: JSON escapes for the characters that could end or comment out a <script> element
#: (``</script>``, ``<!--``, ``-->``) or an entity, and the JS line terminators
_JSON_ESCAPES = str.maketrans(
    {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
)


def script_json(data: object) -> str:
    """``data`` as JSON that is safe inside a ``<script>`` element whatever its strings hold:
    ``<``, ``>``, ``&``, U+2028 and U+2029 are written as ``\\uXXXX`` escapes (JSON.parse
    reads them back unchanged); a character HTML cannot carry (a lone surrogate, U+FFFE,
    U+FFFF) is written as U+FFFD."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).translate(_JSON_ESCAPES)
    return xml_chars(text)  # a lone surrogate (UTF-8 has none) as U+FFFD; JSON escapes controls


def html_page(state: PageState, title: str = "Finstere Flure") -> str:
    esm = (STATIC_DIR / "board.js").read_text(encoding="utf-8")
    css = (STATIC_DIR / "board.css").read_text(encoding="utf-8")
    return _PAGE.format(
        title=html.escape(xml_chars(title)),  # no control character, no lone surrogate
        lang=html.escape(str(state.get("lang") or "en")),
        css=css,
        state=script_json(state),
        esm=_script_safe(esm),
        light_bg=PAGE_COLOURS["light"]["bg"],
        light_text=PAGE_COLOURS["light"]["text"],
        dark_bg=PAGE_COLOURS["dark"]["bg"],
        dark_text=PAGE_COLOURS["dark"]["text"],
    )


def write_html(path: str | Path, state: PageState, title: str = "Finstere Flure") -> Path:
    """Write the page to ``path`` whole or not at all (:func:`~..engine.files.write_file`:
    a failed write leaves the file that was there; a :class:`FileError` names the path)."""
    name = file_path(path)  # a path that is no path is named before the page is made
    if not isinstance(title, str):
        raise SceneError("to_html: title: expected text, got {title}", title=shown(title))
    return write_file(name, html_page(state, title))

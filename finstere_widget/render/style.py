"""Layout and colours of the drawing, decided once (the SVG and the canvas painters only
paint what :mod:`finstere_widget.render.scene` builds from these constants)."""

from __future__ import annotations

import math
from typing import Final

#: scene units per square
CELL: Final = 40
#: band around the board carrying the wall letters (B3)
MARGIN: Final = 22
#: band above and left of the letters carrying the square names: x 0-15 and y 0-10, the
#: ``(x, y)`` the narration, the CLI and the notebooks use (a "10" at TEXT_MIN fits it)
COORD: Final = 22
#: caption strip above the board (two lines of the board's smallest text)
CAPTION_H: Final = 44
#: tray below the board: pawns waiting outside, escaped, eaten (its sections' labels over
#: two rows of pawns, each drawn as on the board)
TRAY_H: Final = 116
COLS: Final = 16
ROWS: Final = 11

OX: Final = COORD + MARGIN  # scene x of the board's left edge
OY: Final = CAPTION_H + COORD + MARGIN  # scene y of the board's top edge
WIDTH: Final = COORD + COLS * CELL + 2 * MARGIN
BOARD_BOTTOM: Final = OY + ROWS * CELL
TRAY_Y: Final = BOARD_BOTTOM + MARGIN
HEIGHT: Final = TRAY_Y + TRAY_H
#: the smallest a word on the board may come out on screen, in CSS px
READABLE_PX: Final = 11
#: the narrowest pane the whole board is shown in, shrunk (JupyterLab at 600 px with its
#: side bar closed gives the board 484 px); a narrower one (a phone) shows the board at this
#: width, scrolling sideways in its own box (board.js)
FIT_WIDTH: Final = 470
#: the board's readable width in CSS px: the width where its smallest words come out at
#: READABLE_PX (a narrower pane scrolls the board at this width)
MIN_DISPLAY_WIDTH: Final = FIT_WIDTH
#: the size of the smallest word on the board (scene units): every text of the scene (ids,
#: square names, the tray's labels, the faces' numbers, distances) is at least this, so that
#: at FIT_WIDTH, the smallest the board is drawn, it is READABLE_PX on screen
TEXT_MIN: Final = math.ceil(READABLE_PX * WIDTH / FIT_WIDTH * 10) / 10

#: a pawn (P1): its disc's radius, on the board and in the tray, and where its disc sits in
#: its square (up and left of the centre), its id's tag (its number on its player's colour)
#: down and right of the disc's centre, inside the square
PAWN_R: Final = 13
PAWN_SHIFT: Final = -5
TAG_SHIFT: Final = 15
#: a pawn drawn small in a square's corner (sharing the monster's square, or taken there)
SMALL_PAWN_R: Final = 12
#: a face's disc, in pawn radii
FACE_R: Final = 0.7

FONT: Final = "DejaVu Sans, Liberation Sans, Arial, sans-serif"

BACKGROUND: Final = "#f6f1e7"
FLOOR: Final = "#e6d8b8"
FLOOR_ALT: Final = "#dfcfab"
GRID: Final = "#b59f78"
WALL: Final = "#3b2f2a"
LETTER: Final = "#3a2f2a"  # the wall letters, in the margin (its own colour: see DARK)
OUTLINE: Final = "#3c2f2a"  # the board's outer wall, against the page (its own colour: see DARK)
COORD_TEXT: Final = "#5f5344"  # the square names in the margin
EXIT_FILL: Final = "#9ed39a"
ENTRANCE_FILL: Final = "#9ec5ea"
CORNER_TEXT: Final = "#20361f"
EXIT_LAMP: Final = "#fff3a8"  # B2: the lamp drawn on the exit
POOL_FILL: Final = "#9e1b25"
POOL_EDGE: Final = "#5e0b12"
POOL_SHINE: Final = "#c8434c"
STONE_FILL: Final = "#8a8580"
STONE_EDGE: Final = "#4d4945"
STONE_CRACK_LIGHT: Final = "#a8a39d"  # the two cracks drawn on a plain stone
STONE_CRACK_DARK: Final = "#6c6863"
CRYSTAL_FILL: Final = "#9fe0f7"
CRYSTAL_EDGE: Final = "#2e8fb5"
PIVOT_FILL: Final = "#8a8580"
PIVOT_ARROW: Final = "#fff7d6"
MONSTER_FILL: Final = "#4a2370"
MONSTER_EDGE: Final = "#1d0b30"
MONSTER_EYE: Final = "#ffe14d"
MONSTER_PUPIL: Final = "#111111"
TRAY_FILL: Final = "#ece4d3"
TRAY_TEXT: Final = "#6b5d4a"
CAPTION_FILL: Final = "#ece4d3"
CAPTION_TEXT: Final = "#2b2520"

#: player colours (P1); unknown names fall back to grey
PLAYER: Final = {
    "blue": "#2f6fd6",
    "yellow": "#f0c419",
    "red": "#d63a2f",
    "green": "#3aa757",
    "purple": "#8e44ad",
    "black": "#222222",
    "white": "#f4f4f4",
}
PLAYER_FALLBACK: Final = "#9a9a9a"
PAWN_EDGE: Final = "#111111"  # the outline of a pawn's ring and of its face
#: pawn ids: dark text on a light tag, painted over every overlay (never covered by rings)
LABEL_FILL: Final = "#fffdf5"
LABEL_TEXT: Final = "#111111"
#: a pawn's number on its tag in its player's colour: white or black, whichever reads
#: better on that colour (4.5:1 or more; unknown players' grey takes black)
PLAYER_TEXT: Final = {
    "blue": "#ffffff",
    "yellow": "#111111",
    "red": "#ffffff",
    "green": "#111111",
    "purple": "#ffffff",
    "black": "#ffffff",
    "white": "#111111",
}
PLAYER_TEXT_FALLBACK: Final = "#111111"
#: face colours: the light side shows a light disc with a dark number, the dark side the reverse
LIGHT_FACE: Final = "#fffdf5"
LIGHT_NUMBER: Final = "#1b1b1b"
DARK_FACE: Final = "#262626"
DARK_NUMBER: Final = "#ffffff"

#: teleporter pair colours (B5: the only pairs a position holds)
TELEPORTER: Final = {"yellow": "#f2c14e", "blue": "#3a7bd5"}
TELEPORTER_ARROW: Final = "#1b1b1b"
TELEPORTER_EDGE: Final = "#1b1b1b"

# overlays
RAY_AHEAD: Final = "#ff7f0e"
RAY_SIDE: Final = "#ff7f0e"
RAY_BLOCK: Final = "#444444"
DISTANCE_FILL: Final = "#ff7f0e"
DISTANCE_TEXT: Final = "#ffffff"
CHOICE: Final = "#1f9d55"
TIE: Final = "#e6007e"
TIE_TEXT: Final = "#ffffff"
MOVE: Final = "#ff7f0e"
PUSH: Final = "#7a4b00"
SLIDE: Final = "#c8102e"
HALO: Final = "#fff7e0"  # under arrows that cross the blood
EAT: Final = "#d0021b"
WRAP: Final = "#ffd400"
TELEPORT: Final = "#7b2ff7"
TURN: Final = "#1f9d55"
TURN_FROM: Final = "#888888"  # the heading the monster turned away from (faded)
MARK_EDGE: Final = "#ffffff"  # the light edge of distance badges and heading arrows
TARGET: Final = "#1f9d55"
SELECTED: Final = "#ff2d95"
PATH: Final = "#0b7285"
HINT: Final = "#b00020"
PENDING: Final = "#7b2ff7"
HEAT_LOW: Final = (255, 237, 160)
HEAT_HIGH: Final = (189, 0, 38)
HEAT_ALPHA: Final = 0.6
HEAT_LABEL: Final = "#111111"

#: The drawing on a dark page (JupyterLab dark theme): the colours of the page around the
#: board change, the game's own colours (floor, pieces, pools, overlays) stay. The painters
#: swap a colour for its entry here when the page is dark (the JS painter reads the page's
#: theme; the SVG writer takes ``palette=DARK``). Every colour listed is used only where
#: it is drawn on the page's background, the caption strip or the tray.
DARK: Final = {
    BACKGROUND: "#262626",
    CAPTION_FILL: "#333333",
    CAPTION_TEXT: "#f2f2f2",
    TRAY_FILL: "#333333",
    TRAY_TEXT: "#d9d9d9",
    LETTER: "#f3e6c8",
    OUTLINE: "#8c7556",  # 3:1 or more against the dark page and against the floor
    COORD_TEXT: "#cfc3ac",
}
PALETTES: Final = {"light": {}, "dark": DARK}

# study charts (render/charts.py): bars on the page's background, text in the caption's
# colour, so the DARK palette turns a chart dark as it does the board's page
CHART_FONT: Final = 11
CHART_TITLE: Final = 13
CHART_PAD: Final = 10
CHART_GLYPH: Final = 0.6  # a glyph's mean width, in font sizes (to place the legend)
CHART_GRID: Final = GRID
CHART_AXIS: Final = TRAY_TEXT
CHART_REFERENCE: Final = TURN_FROM
#: the bars of each series, in order (the players' colours, the game's own)
CHART_SERIES: Final = (
    PLAYER["blue"],
    PLAYER["red"],
    PLAYER["green"],
    PLAYER["yellow"],
    PLAYER["purple"],
    PLAYER_FALLBACK,
)

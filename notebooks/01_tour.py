# /// script
# requires-python = ">=3.10"
# dependencies = ["finstere_widget[marimo]"]
# ///
"""Finstere Flure: a tour of the board, as a marimo notebook.

    marimo run notebooks/01_tour.py      (an app: every cell run, the boards shown)
    marimo edit notebooks/01_tour.py     (the code: marimo's editor opens it with no
                                          outputs; run all its cells to see the boards)

The marimo version of notebooks/01_tour.ipynb (source notebooks/src/01_tour.md): the same
boards, the same monster turn and the same checks, with the widgets of
finstere_widget.marimo.
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    import finstere_widget.marimo as fm
    from finstere_widget import Position, examples, monster_turn
    from finstere_widget.engine import (
        ENTRANCE,
        EXIT,
        SQUARES,
        Game,
        Heading,
        mirror,
        on_board,
        wall_letter,
    )
    from finstere_widget.engine.narrate import narrate
    from finstere_widget.engine.rules import RULES
    from finstere_widget.render import position_svg, trace_frames
    return (
        ENTRANCE,
        EXIT,
        Game,
        Heading,
        Position,
        RULES,
        SQUARES,
        examples,
        fm,
        mirror,
        mo,
        monster_turn,
        narrate,
        on_board,
        position_svg,
        trace_frames,
        wall_letter,
    )


@app.cell
def _(mo):
    mo.md(r"""
    # Finstere Flure — a tour of the board

    *Finstere Flure* (Fearsome Floors, Friedemann Friese, 2003) is a race through a dark
    fortress: every player steers pawns from the entrance to the exit while a monster, moved
    by fixed rules and a tile drawn each round, eats whoever it sees first. This notebook
    tours the board, the pieces, the lettered walls and one monster turn — played by the
    package's rule engine, which explains every move with a rule id (`B1`, `M5`, …) of the
    rules reference.

    The live widgets step through the turn with ▶, the slider or the arrow keys; the
    pictures are the engine's drawings.

    ## 1. The board (B1, B2)

    The board is a 16 × 11 grid with two staircase notches: **156 squares**. Squares are
    `(x, y)`, x = column 0–15 from the left, y = row 0–10 from the top. The **exit** is the
    top-left corner `(0, 0)`, the **entrance** the bottom-right corner `(15, 10)`.

    > *Le monstre est placé près de la sortie (empreintes de pas) regardant directement vers
    > la lettre M située face à lui.* — French rulebook
    >
    > *The monster is placed by the exit (the footprints), looking straight at the letter M
    > in front of it.*

    The basic layout (**B4**): eleven stones, a square 2×2 blood pool and a long 1×4 one,
    the monster on the exit facing east, every pawn waiting outside beside the entrance.
    """)
    return


@app.cell
def _(Position, mo, position_svg):
    basic = Position.basic()
    mo.vstack([mo.Html(position_svg(basic)), mo.plain_text(basic.diagram())])
    return (basic,)


@app.cell
def _(mo):
    mo.md(r"""
    ## 2. The pieces (B5, P1)

    * **Stones** block the monster's sight and are pushed around. In the advanced game they
      are turned over: the other side shows a **crystal** (the monster sees through it) on
      two of them, a **pivot stone** (it turns the monster right, or right round) on six, a
      stone again on three.
    * **Blood pools** never move; whoever steps on one slides across.
    * **Teleporters** come in pairs (yellow, blue), each with an arrow.
    * **Pawns** are double-sided; the two numbers add up to 7 (6/1, 4/3, 3/4, 2/5, written
      dark number first). Every pawn starts light side up, so a player starts with 1, 3, 4
      and 5 showing (P1). A pawn moves up to the number showing, then is flipped.

    The advanced example of the French rulebook has most of them:
    """)
    return


@app.cell
def _(Game, examples, mo, position_svg):
    advanced = examples.load("monster_advanced_8")
    mo.vstack([mo.Html(position_svg(advanced)), mo.plain_text(advanced.diagram())])
    return


@app.cell
def _(mo):
    mo.md(r"""
    ## 3. The lettered walls (B3, M10)

    Every edge of the board carries a letter, and every letter is printed twice, on opposite
    sides. The monster never stops at a wall: it goes through and comes back in by the square
    marked with the same letter, keeping its heading. Leaving square `(x, y)` through a wall
    always lands on the mirror square `(15−x, 10−y)`.
    """)
    return


@app.cell
def _(Heading, mirror, mo, wall_letter):
    _lines = []
    for _square, _side in [((15, 5), Heading.E), ((13, 2), Heading.E), ((0, 6), Heading.S),
                           ((5, 0), Heading.N)]:
        _letter = wall_letter(_square, _side)
        _lines.append(
            f"{_square} through its {_side.name} wall: letter {_letter}, comes out on "
            f"{mirror(_square)} (whose wall there is also "
            f"{wall_letter(mirror(_square), _side.back)})"
        )
    mo.plain_text("\n".join(_lines))
    return


@app.cell
def _(mo):
    mo.md(r"""
    ## 4. A first monster turn (M3–M7, M10)

    Three pawns are on the board; the monster, on the exit facing east, draws the tile
    **7**. Each of its seven steps is *look, then move one square* (M3); after the last
    step it looks once more (M6).

    > *A chaque pas, le monstre dans l'ordre: a) regarde; b) puis se déplace d'une case.
    > […] Si le monstre peut voir plusieurs pions à la fois, il se déplace alors vers le plus
    > proche d'entre eux.* — French rulebook
    >
    > *At each step the monster, in this order: a) looks; b) then moves one square. […] If
    > it can see several pawns at once, it moves towards the nearest one.*

    The **MonsterStepper**: choose a tile and the rule options, then step through the turn
    on the board. Try the tile `10`, or `X` (one prey: it walks until it has eaten someone).
    """)
    return


@app.cell
def _(Position):
    first = Position.from_dict({
        "format": "finstere-position/1",
        "layout": "basic",
        "monster": {"at": [0, 0], "facing": "E"},
        "pawns": [
            {"id": "A", "player": "blue", "light": 1, "dark": 6, "up": "dark", "at": [5, 0]},
            {"id": "B", "player": "red", "light": 3, "dark": 4, "up": "dark", "at": [0, 4]},
            {"id": "C", "player": "blue", "light": 5, "dark": 2, "up": "dark", "at": [11, 6]},
        ],
    })
    return (first,)


@app.cell
def _(first, fm):
    stepper = fm.stepper(first, tile="7")
    stepper
    return (stepper,)


@app.cell
def _(mo):
    mo.md(r"""
    The same turn as the engine tells it — one sentence per event, each citing its rule:
    """)
    return


@app.cell
def _(examples, first, mo, monster_turn, narrate):
    turn = monster_turn(first, "7")
    mo.vstack([
        mo.plain_text("\n".join(narrate(turn.events))),
        mo.plain_text(examples.step_table(turn.events)),
    ])
    return (turn,)


@app.cell
def _(mo):
    mo.md(r"""
    Step 1 in pictures: the monster looks ahead (east), left (north: the wall, nothing) and
    right (south). It sees A at 5 and B at 4, and turns to the nearest, B (M5). Then B is
    eaten (stage 1: back outside beside the entrance, M7); the monster walks on south and,
    as row 7 starts at x = 1, leaves `(0, 6)` through the wall **T** and comes out on
    `(15, 4)` by the other T (B3, M10). Last, the position after the turn.
    """)
    return


@app.cell
def _(first, mo, position_svg, trace_frames, turn):
    _frames = trace_frames(first, turn.events, "7")
    _eat = next(f for f in _frames if f.event is not None and f.event.type == "eat")
    _wrap = next(f for f in _frames if f.event is not None and f.event.type == "wrap")
    mo.vstack([
        mo.Html(_frames[1].svg()),
        mo.Html(_eat.svg()),
        mo.Html(_wrap.svg()),
        mo.Html(position_svg(turn.position)),
    ])
    return


@app.cell
def _(RULES, mo):
    mo.vstack([
        mo.md("## 5. The rules, by id\n\nEvery event cites one of these ids."),
        mo.plain_text("\n".join(f"{rule:>4}  {title}" for rule, title in RULES.items())),
    ])
    return


@app.cell
def _(mo):
    mo.md(r"""
    ## Where next

    The Jupyter notebooks `02a_pawn_moves` to `10_design_study` go on from here.

    A board to play with — click a pawn to light up its legal moves, click one to move:
    """)
    return


@app.cell
def _(first, fm):
    board = fm.board(first, mode="move")
    board
    return (board,)


@app.cell
def _(mo):
    mo.md(r"""
    The **BoardEditor**: choose a tool, click squares to place pieces (undo and redo
    beside the mode switch); and a **GameView**, a whole game against the engine's bots:
    """)
    return


@app.cell
def _(first, fm):
    editor = fm.editor(first)
    editor
    return (editor,)


@app.cell
def _(fm):
    game = fm.game(players=("blue", "red"), you="blue", seed=1)
    game
    return (game,)


if __name__ == "__main__":
    app.run()

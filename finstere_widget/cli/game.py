"""Subcommands ``simulate`` (many seeded bot games, summarised) and ``play`` (a game
against bots in the terminal)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from ..engine.bots import make_bot
from ..engine.diagram import format_diagram
from ..engine.errors import FinstereError, shown
from ..engine.game import Game, PawnMove
from ..engine.moves import parse_path
from .common import (
    SubParsers,
    UsageError,
    add_option,
    add_progress,
    add_seed_and_jobs,
    bot_list,
    check_batch,
    check_writable,
    fmt_to,
    options_from,
    progress_from,
)


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..simulate import simulate

    check_batch(args)
    options = options_from(args)
    bots = bot_list(args.bots)
    show = progress_from(args)
    result = simulate(
        args.games,
        args.players,
        bots,
        args.seed,
        options,
        jobs=args.jobs or 1,
        progress=show,
        rotate=not args.no_rotate,
        file=sys.stderr,
    )
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    s = result.summary
    print(f"{s['games']} games, {s['players']} players, bots {', '.join(bots)}, seed {args.seed}")
    print(f"wins by seat: {s['wins_by_seat']}  draws: {s['draws']}")
    for bot, wins in s["wins_by_bot"].items():
        print(f"  {bot}: {wins} wins in {s['seats_by_bot'][bot]} seats")
    print(
        f"rounds: mean {s['rounds_mean']}, max {s['rounds_max']}; escaped per game "
        f"{s['escaped_mean']}"
    )
    print(
        f"eaten per game: stage 1 {s['eaten_stage1_mean']}, stage 2 {s['eaten_stage2_mean']}, "
        f"at the end {s['eaten_at_end_mean']}; monster steps {s['monster_steps_mean']}"
    )
    for reason, count in s["end_reasons"].items():
        print(f"  {count:5d}  {reason}")
    return 0


PLAY_HELP = """commands:
  PAWN PATH   move a pawn, e.g.  blue5 IN,W,W   (tokens N E S W IN OUT, P2-P9)
  PAWN        0 squares: the pawn is only flipped (P2)
  moves PAWN  list the legal outcomes of a pawn
  board       show the board again
  help        this text
  quit        stop the game"""


def _out(stream: TextIO, text: str = "") -> None:
    stream.write(text + "\n")
    stream.flush()


def _show(game: Game, out: TextIO) -> None:
    st = game.state
    _out(
        out,
        f"-- round {st.round}, stage {game.position.stage}, tiles left "
        f"{len(st.pile)}: {' '.join(game.tiles_left())}",
    )
    _out(out, format_diagram(game.position))


def play_loop(game: Game, human: set[int], bot_names: list[str], inp: TextIO, out: TextIO) -> int:
    """The terminal game: human seats type moves, the others are bots."""
    bots = {
        seat: make_bot(bot_names[k % len(bot_names)], f"{game.setup.seed}/{seat}")
        for k, seat in enumerate(s for s in range(game.n) if s not in human)
    }
    shown_round = -1
    while not game.is_terminal():
        if game.is_chance():
            turn = game.sample_chance()
            eaten = ", ".join(turn.eaten) or "nobody"
            end = turn.events[-1]
            steps = end.steps if end.type == "end" else "?"
            _out(out, f"monster: tile {turn.tile}, {steps} steps, took {eaten}")
            continue
        seat = game.current_player
        colour = game.colours[seat]
        if seat not in human:
            action = bots[seat].choose(game)
            game.apply(action)
            if isinstance(action, PawnMove):
                _out(
                    out,
                    f"{colour} ({bots[seat].name}): {action.pawn} "
                    f"{','.join(action.path) or '(flipped)'}",
                )
            continue
        if shown_round != game.state.round:
            _show(game, out)
            shown_round = game.state.round
        pawns = game.movable_pawns()
        listing = ", ".join(f"{p.id}={p.value}@{fmt_to(p.at)}" for p in pawns)
        out.write(f"{colour} to move [{listing}] > ")
        out.flush()
        line = inp.readline()
        if not line:
            _out(out, "\ninput ended: game stopped")
            return 0
        words = line.split()
        if not words:
            continue
        cmd = words[0].lower()
        if cmd in ("quit", "q", "exit"):
            _out(out, "game stopped")
            return 0
        if cmd in ("help", "h", "?"):
            _out(out, PLAY_HELP)
            continue
        if cmd == "board":
            _show(game, out)
            continue
        try:
            if cmd == "moves" and len(words) == 2:
                game.position.pawn(words[1])  # an unknown id is an error naming it
                outcomes = game.pawn_moves(words[1])  # T2 and the first round's P10
                for o in outcomes:
                    _out(out, f"  {fmt_to(o.to):>10}  cost {o.cost}  {','.join(o.path) or '-'}")
                if not outcomes:
                    _out(out, f"  {words[1]} cannot move now (T2, P10)")
                continue
            path = parse_path(words[1] if len(words) > 1 else "")
            entry = game.apply(PawnMove(words[0], path))
        except FinstereError as exc:
            _out(out, f"illegal: {exc}")
            continue
        assert entry.move is not None
        _out(out, f"{colour}: {entry.move.pawn} ends {fmt_to(entry.move.to)}")
    outcome = game.outcome()
    assert outcome is not None
    _show(game, out)
    escaped = ", ".join(f"{c} {n}" for c, n in outcome.escaped.items())
    _out(out, f"game over ({outcome.rule}: {outcome.reason}); escaped: {escaped}")
    _out(out, f"winner: {outcome.winner or 'nobody (draw)'}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    if args.record:
        check_writable(args.record, "--record")
    options = options_from(args)
    bots = bot_list(args.bots)
    game = Game(args.players, seed=args.seed, options=options, first_player=args.first)
    human = set() if args.watch else {args.seat}
    if not args.watch and not 0 <= args.seat < game.n:
        raise UsageError(f"--seat: 0..{game.n - 1}")
    _out(
        sys.stdout,
        f"Finstere Flure: {game.n} players {', '.join(game.colours)}; seed "
        f"{game.setup.seed}; type help for commands",
    )
    status = play_loop(game, human, bots, sys.stdin, sys.stdout)
    if args.record:
        try:
            with open(args.record, "w", encoding="utf-8") as f:
                f.write(game.to_json(indent=1))
        except OSError as exc:
            raise UsageError(f"--record {shown(args.record)}: {exc.strerror}") from None
    return status


def register(sub: SubParsers) -> None:
    p = sub.add_parser("simulate", help="play many seeded bot games and summarise them")
    p.add_argument("--games", type=int, required=True, metavar="N")
    p.add_argument("--players", type=int, default=2, metavar="P", help="2-7 (default 2)")
    add_seed_and_jobs(p, "worker processes (default: play in this process); same output either way")
    p.add_argument(
        "--bots",
        default="random",
        help="bot names seated in turn, e.g. greedy,random (default random)",
    )
    p.add_argument(
        "--no-rotate",
        action="store_true",
        help="keep bots on fixed seats (default: rotate them from game to game)",
    )
    add_option(p)
    p.add_argument("--json", action="store_true", help="print per-game results and the summary")
    add_progress(p)
    p.set_defaults(handler=cmd_simulate)
    p = sub.add_parser("play", help="a quick game against bots in the terminal")
    p.add_argument("--players", type=int, default=2, metavar="P")
    p.add_argument("--seed", type=int, default=None, metavar="S")
    p.add_argument("--bots", default="greedy", help="the opponents' bots (default greedy)")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 = blue, the default)")
    p.add_argument("--first", type=int, default=0, help="the first player's seat")
    p.add_argument("--watch", action="store_true", help="bots play every seat")
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON) here")
    add_option(p)
    p.set_defaults(handler=cmd_play)

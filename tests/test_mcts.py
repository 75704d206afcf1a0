"""The Monte Carlo tree search bot (issue 15): a tree over the seats' decisions and the
monster's draws, grown by a reproducible iteration budget."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from finstere_widget.design.bots import MCTSBot, Node, _values, evaluate, tile_odds
from finstere_widget.engine.board import Heading
from finstere_widget.engine.game import CHANCE, Game, PawnMove
from finstere_widget.engine.monster import Tile, monster_outcome, sees
from finstere_widget.engine.pieces import Monster, Pawn
from finstere_widget.engine.position import Position


def duel(seed: int = 3) -> Game:
    """Blue and red, one pawn each on the board: two decisions, then the monster's draw
    (the first of the game: no prey tile, M2)."""
    pos = Position.basic(
        [Pawn("b1", "blue", 2, 5, "light", (7, 6)), Pawn("r1", "red", 3, 4, "light", (10, 7))]
    ).replace(monster=Monster((13, 2), Heading.W))
    return Game.from_position(pos, players=["blue", "red"], seed=seed)


def nodes(root: Node) -> list[Node]:
    out, todo = [], [root]
    while todo:
        n = todo.pop()
        out.append(n)
        todo.extend(n.children.values())
    return out


def test_every_iteration_passes_the_root_once_and_every_node_counts_its_subtree() -> None:
    g = Game(3, seed=21)
    for budget in (1, 9, 40):
        bot = MCTSBot(5, playouts=budget)
        root = bot.search(g)
        assert root.visits == budget
        assert sum(c.visits for c in root.children.values()) == budget
        for n in nodes(root):
            if n is root or n in root.children.values():  # made up front, not by an iteration
                assert n.visits == sum(c.visits for c in n.children.values())
            else:  # made by the iteration that also scored it
                assert n.visits == 1 + sum(c.visits for c in n.children.values())
    assert max(len(n.children) for n in nodes(root) if n is not root) >= 2  # it widens
    depth = max(n.state.ply - g.state.ply for n in nodes(root))
    assert depth >= 3  # a tree, not the root's children only


def test_a_chance_node_draws_only_tiles_in_the_pile_with_their_odds() -> None:
    """Every chance node's children are tiles its pile can give (no prey tile on the first
    draw, M2), and the draws pooled over the first monster phase follow the tile odds
    (Pearson's chi-square under the 0.1 % point): the statistics below a chance node
    weigh each tile by its chance, not by its label."""
    g = duel()
    odds = dict(tile_odds(g))
    assert not any(Tile.parse(t, g.options).prey for t in odds)
    root = MCTSBot(1, playouts=600).search(g)
    draws: Counter[str] = Counter()
    expected: dict[str, float] = dict.fromkeys(odds, 0.0)
    chance = [n for n in nodes(root) if n.seat == CHANCE and n.state.draws == 0]
    assert chance
    for n in chance:
        assert set(n.children) <= set(odds), n.children.keys()
        for tile, child in n.children.items():
            assert isinstance(tile, str)
            draws[tile] += child.visits  # every draw of the tile enters its child
        for tile, p in odds.items():
            expected[tile] += p * (n.visits - 1)
    total = sum(draws.values())
    assert total >= 300
    chi2 = sum((draws[t] - expected[t]) ** 2 / expected[t] for t in odds)
    assert chi2 < {3: 13.8, 4: 16.3, 5: 18.5, 6: 20.5}[len(odds)], (draws, expected)
    # a uniform draw over the labels would be far off: the odds are not all alike
    assert max(odds.values()) > 1.4 * min(odds.values())


def test_the_search_is_reproducible_from_its_seed() -> None:
    g = Game(4, seed=8)

    def run(seed: int) -> tuple[PawnMove | str, list[tuple[int, float]]]:
        bot = MCTSBot(seed, playouts=30)
        action = bot.choose(g)
        assert isinstance(action, PawnMove) and bot.root is not None
        stats = [(c.visits, c.totals[0]) for c in bot.root.children.values()]
        return action, stats

    assert run(1) == run(1)
    assert len({str(run(s)[1]) for s in range(4)}) > 1  # other seeds, other trees


def test_the_search_never_sees_the_hidden_pile_order() -> None:
    """Two games that differ only in the order of the hidden pile: the same seed grows
    the same tree and makes the same choice."""
    g = Game(3, seed=30)
    h = Game(3, seed=30)
    pile = list(h.state.pile)
    random.Random(4).shuffle(pile)
    assert tuple(pile) != g.state.pile
    h._states = [h.state._replace(pile=tuple(pile))]
    trees = []
    for game in (g, h):
        bot = MCTSBot(6, playouts=40)
        action = bot.choose(game)
        assert bot.root is not None
        trees.append((action, [(n.visits, n.totals) for n in nodes(bot.root)]))
    assert trees[0] == trees[1]


def test_no_budget_is_the_lookahead_and_a_time_budget_stops_the_search() -> None:
    g = duel()
    bot = MCTSBot(2, playouts=10_000, seconds=0.0)
    bot.choose(g)
    assert bot.root is not None and bot.root.visits == 0
    assert bot.root.children  # the lookahead's candidates, with their priors
    first = next(iter(bot.root.children.values()))
    assert first.prior == max(c.prior for c in bot.root.children.values())


def test_the_tree_goes_past_the_monster_into_the_next_round() -> None:
    """With a few dozen iterations the tree reaches the next round's decisions: the
    search looks beyond the coming monster phase (the lookahead does not)."""
    g = duel()
    root = MCTSBot(3, playouts=60).search(g)
    assert any(n.state.round > g.state.round and n.seat >= 0 for n in nodes(root))


def test_the_value_vector_is_evaluate_for_every_colour() -> None:
    g = Game(4, seed=12)
    while g.state.round < 4:  # a few rounds in: pawns spread, some in the monster's sight
        if g.is_chance():
            g.sample_chance()
        else:
            g.apply(MCTSBot(1, playouts=1).lookahead.policy.choose(g))
    seen = 0
    for tile, _ in tile_odds(g):
        after = monster_outcome(g.position, tile, g.options)[0]
        seen += len(sees(after))
        vector = _values(after, g.colours)
        for i, c in enumerate(g.colours):
            others = [o for o in g.colours if o != c]
            assert vector[i] == pytest.approx(evaluate(after, c, others))
    assert seen  # the penalty for being seen is exercised


def test_a_node_passes_up_its_best_move_at_a_decision_and_the_tile_odds_at_a_draw() -> None:
    """What a node hands its parent (max^n and expectimax): at a decision the mean vector
    of the child best for the seat to act, however often the worse ones were tried; at
    the monster's draw the children's means weighted by the tiles' odds, renormalised
    over the tiles drawn so far, not by how often each was drawn; a node with no child
    tried yet passes on the new node's values."""
    g = duel()
    decision = Node(g)
    assert decision.seat == 0 and decision.backed_up([1.0, 2.0]) == [1.0, 2.0]
    for k, (visits, blue, red) in enumerate([(9, 90.0, 9.0), (1, 5.0, 50.0), (3, 30.0, 0.0)]):
        child = decision.children[PawnMove("b1", ("N",) * k)] = Node(g)
        child.visits, child.totals = visits, [blue, red]
    # means for blue: 10, 5, 10 -> the first of the best (a tie keeps the first); for
    # red the second child (50) would be best, but blue acts
    assert decision.backed_up([0.0, 0.0]) == [10.0, 1.0]
    g.apply(MCTSBot(1, playouts=1).choose(g))
    g.apply(MCTSBot(1, playouts=1).choose(g))
    assert g.is_chance()
    draw = Node(g)
    draw.odds = dict(g.chance_outcomes())
    ranked = sorted(draw.odds, key=lambda t: -draw.odds[t])
    tiles = [ranked[0], ranked[-1]]  # the likeliest and the rarest
    p, q = draw.odds[tiles[0]], draw.odds[tiles[1]]
    assert p != q
    for tile, visits, blue in ((tiles[0], 1, 4.0), (tiles[1], 10, 200.0)):
        child = draw.children[tile] = Node(g)
        child.visits, child.totals = visits, [blue, 0.0]
    blue, red = draw.backed_up([0.0, 0.0])
    assert blue == pytest.approx((p * 4.0 + q * 20.0) / (p + q)) and red == 0.0

"""Round 27: a group's estimated count that is a whole number up to floating-point error (a
synthetic table's rows times its shares: 6.9999999999) reads as its whole number, as every
other whole count does (the estimate read '7.0 positive / 24 negative labels' beside '21
positive'); a fractional GRR mass keeps its decimal and a tiny one still reads '<0.1'."""

from ethiclens.p2nia._estimate import _mass


def test_whole_counts_up_to_rounding_read_whole():
    assert [_mass(x) for x in (7.0, 6.999999999999, 7.000000000001, 24)] == ["7"] * 3 + ["24"]


def test_fractions_and_tiny_masses_are_kept():
    assert [_mass(x) for x in (7.25, 0.04, 1e-7, 0.0)] == ["7.2", "<0.1", "<0.1", "0"]

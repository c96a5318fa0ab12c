"""Round 15b: a grid's seeds are checked against the seed range before any store is made."""

from ethiclens.cli import main
from ethiclens.experiments import SweepGrid


def test_sweep_refuses_a_seed_past_2_32_before_making_a_store(tmp_path, monkeypatch, capsys):
    # It used to start, fail inside scikit-learn (exit 1) and leave a store and its lock file.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.yaml").write_text("seeds: [4294967296]\ndatasets: [compas]\nepsilons: [1]\n")
    assert main(["pcer", "sweep", "--grid", "g.yaml"]) == 2
    err = capsys.readouterr().err
    assert "key 'seeds': must be below 4,294,967,296 (value: 4294967296)" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.yaml"]


def test_the_largest_seed_in_range_is_accepted():
    grid = SweepGrid(seeds=[4294967295], datasets=["compas"], epsilons=[1])
    assert grid.seeds == [4294967295]

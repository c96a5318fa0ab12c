"""Round 42 (probes2): a CSV's groups 01, 1 and 02 are three groups in every probe, as the audit
reads them (text as written); pandas' guessed numbers merged 01 and 1 into the group 1 and
make-counterfactuals wrote 01 back as 1."""

import pandas as pd

from ethiclens.probes import analyze_scored, probe_model, write_counterfactuals


def _records(tmp_path):
    path = tmp_path / "z.csv"
    path.write_text("g,a\n01,1\n1,2\n02,3\n01,0\n")
    return path


def test_make_counterfactuals_keeps_leading_zeros(tmp_path):
    out = tmp_path / "flipped.csv"
    assert write_counterfactuals(_records(tmp_path), "g", out) == 4 * 3
    written = pd.read_csv(out, dtype=str)
    assert sorted(set(written["g"])) == ["01", "02", "1"]
    assert written.loc[:3, "g"].tolist() == ["01", "1", "02", "01"]  # the observed copies


def test_analyze_and_model_name_three_groups(tmp_path, monkeypatch):
    out = tmp_path / "flipped.csv"
    write_counterfactuals(_records(tmp_path), "g", out)
    scored = pd.read_csv(out, dtype=str)
    scored["pred"] = (scored["a"].astype(int) > 1).astype(int)
    scored.to_csv(tmp_path / "scored.csv", index=False)
    result, _ = analyze_scored(tmp_path / "scored.csv", "pred", n_boot=100)
    pairs = {(p.source, p.target) for p in result.pairs}
    assert ("01", "1") in pairs and ("1", "01") in pairs and len(pairs) == 6
    (tmp_path / "mm42.py").write_text(
        "class M:\n    def predict(self, X):\n        return (X['a'].to_numpy() > 1).astype(int)\n"
        "def load():\n    return M()\n"
    )
    monkeypatch.chdir(tmp_path)
    result, _ = probe_model("mm42:load", _records(tmp_path), "g", n_boot=100)
    assert {(p.source, p.target) for p in result.pairs} == pairs


def test_canonical_numbers_stay_numbers(tmp_path):
    path = tmp_path / "n.csv"
    path.write_text("g,a\n1,1\n2,2\n1,3\n")
    out = tmp_path / "flipped.csv"
    write_counterfactuals(path, "g", out)
    scored = pd.read_csv(out)
    scored["pred"] = 1
    scored.to_csv(tmp_path / "scored.csv", index=False)
    result, _ = analyze_scored(tmp_path / "scored.csv", "pred", n_boot=100)
    assert sorted((p.source, p.target) for p in result.pairs) == [("1", "2"), ("2", "1")]

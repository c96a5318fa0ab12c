"""The claims ledger (docs/reproductions/claims.md) is generated from the committed result
files: it must be current, so it cannot drift from the numbers."""

import importlib.util
import re
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "claims_table.py"


def _module():
    spec = importlib.util.spec_from_file_location("claims_table", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_claims_ledger_is_current_and_covers_both_papers():
    claims = _module()
    text = claims.build()
    assert claims.OUT.read_text(encoding="utf-8") == text, (
        "docs/reproductions/claims.md is stale: run python scripts/claims_table.py"
    )
    rows = [line for line in text.splitlines() if line.startswith("| PCER") or "| P2NIA" in line]
    assert sum(r.startswith("| PCER") for r in rows) >= 20 and any("| P2NIA" in r for r in rows)
    assert "| §4.1 Adult n after preprocessing | 46,033 | 46,033" in text
    assert "0.935 (recomputed from S5/S6: 0.935; 0.981 without Bios)" in text


def _table_rows(text):
    return [line for line in text.splitlines() if line.startswith("| ") and "---" not in line][1:]


def test_counts_line_matches_the_statuses_in_the_table():
    claims = _module()
    text = claims.build()
    rows = _table_rows(text)
    counts = {}
    for row in rows:
        status = row.rstrip(" |").rsplit(" | ", 1)[1]
        kind = "not offline" if status.startswith("not offline") else status.split()[0]
        kind = kind.rstrip(":,")
        assert kind in {"match", "deviation", "open", "not offline"}, row
        counts[kind] = counts.get(kind, 0) + 1
    line = next(x for x in text.splitlines() if x.endswith(").") and " rows (" in x)
    assert line.startswith(f"{len(rows)} rows (")
    for kind, n in counts.items():
        assert f"{kind}: {n}" in line
    assert sum(counts.values()) == len(rows)


def test_p2nia_adult_rows_come_from_the_paper_grid():
    claims = _module()
    text = claims.build()
    p2nia = [r for r in _table_rows(text) if r.startswith("| P2NIA")]
    adult = [r for r in p2nia if "Adult" in r.split(" | ")[1]]
    # every Adult figure of the paper is there, each from paper_grid.py, none from old files
    for fig in ("Fig. 3 Adult", "Fig. 4 Adult", "Fig. 5 Adult", "Fig. 6 Adult", "Fig. 7 Adult",
                "Fig. 8 Adult", "GRR vs black box, DP", "GRR vs black box, EO"):  # fmt: skip
        assert any(fig in r for r in adult), fig
    assert all("paper_grid.py" in r for r in adult)
    assert not any("accounting_grid.py" in r or "cheap-adult" in r for r in p2nia)
    # ours is computed from paper-adult-rows.csv: the black box's DP error at n′ = 5,000 and
    # GRR per-column at ε = 1 as p2nia.md reports them from the same rows
    grid = claims.Grid(claims.pd.read_csv(claims.P2NIA / "paper-adult-rows.csv"))
    bb = grid.stat("blackbox", None, None)
    assert claims.Grid.fmt(bb) == "0.124 ± 0.013" and bb["k"] == 10
    assert claims.Grid.fmt(grid.stat("grr", "per-column", 1.0)) == "0.046 ± 0.012"
    assert claims.Grid.fmt(grid.stat("grr", "record", 1.0, metric="eo")) == (
        "0.900 ± 0.012 (6/10 defined)"
    )
    assert "black box 0.124 ± 0.013" in text
    # each dataset's grid gives the same rows from the same code (panel a Adult, b Folktables),
    # and its repetitions row follows its rows: match once every method of both models has 10
    # repetitions, open before; a method not run with a model is an open row of its own
    for dataset, label in claims.GRIDS:
        g = claims.Grid(claims.pd.read_csv(claims.P2NIA / f"paper-{dataset}-rows.csv"))
        mine = [r for r in p2nia if re.search(rf" {label}[ :]", r.split(" | ")[1])]
        items = [r.split(" | ")[1] for r in mine]
        for fig in ("Fig. 3", "Fig. 4", "Fig. 5", "Fig. 8"):
            assert any(i.startswith(f"{fig} {label}") for i in items), (fig, label)
        xgb = [i for i in items if i.startswith((f"Fig. 6 {label}", f"Fig. 7 {label}"))]
        assert xgb or any(i.startswith(f"Figs. 6/7 {label} XGBoost") for i in items)
        assert all(claims.grid_command(dataset) in r for r in mine)
        reps = next(r for r in mine if "10 repetitions for every method" in r)
        runs = {
            (model, m): g.reps(m, model)
            for model in ("rf", "xgb")
            for m in ("blackbox", "grr", "mst", "aim")
            if not g.r[(g.r.model == model) & (g.r.mechanism == m)].empty
        }
        complete = len(runs) == 8 and set(runs.values()) == {"10 of 10"}
        assert reps.endswith("| match |") if complete else ("| open:" in reps)
        xgb_synth = ("xgb", "mst") in runs or ("xgb", "aim") in runs
        unrun = [r for r in mine if re.search("XGBoost: (MST and AIM|every method)", r)]
        assert bool(unrun) != xgb_synth and all("| open" in r for r in unrun)
    acs = [r for r in p2nia if "ACSIncome" in r]
    assert acs and all("paper_grid.py --dataset acs-income" in r for r in acs)
    fig1 = next(r for r in p2nia if r.startswith("| P2NIA | Fig. 1"))
    assert "| not offline" in fig1 and "CO → NE 0.046" in fig1


def test_p2nia_doc_tables_match_the_paper_grid_rows():
    # docs/reproductions/p2nia.md's tables between "grid" markers are generated from the
    # committed rows by paper_grid.py --figures; a hand edit or new rows without rerunning it
    # would leave the page saying something the rows do not
    path = SCRIPT.parents[1] / "docs" / "reproductions" / "p2nia" / "paper_grid.py"
    spec = importlib.util.spec_from_file_location("paper_grid", path)
    grid = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(grid)
    text = grid.DOC.read_text(encoding="utf-8")
    blocks = grid.all_doc_blocks()
    named = set(re.findall(r"<!-- grid:([^ ]+) -->", text))
    assert named and named <= set(blocks), named - set(blocks)
    assert grid.render_doc(text, blocks) == text, (
        "docs/reproductions/p2nia.md is stale: run docs/reproductions/p2nia/paper_grid.py --figures"
    )

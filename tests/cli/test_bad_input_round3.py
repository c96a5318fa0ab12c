"""Bad input, round 3 (issue 23, item 5): the remaining tracebacks and weak messages.

Each refused case exits 2 with one line, ``error: <option/argument/column> ...: <problem>.
Fix: <fix>``, names the flag or column, shows no traceback and leaves every file that existed
before byte-for-byte unchanged. User text (group names, values) never reaches the terminal,
a CSV export or an HTML report as control characters, bidi overrides or spreadsheet formulas.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


def _hashes(folder: Path) -> dict:
    return {
        str(p): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def _refused(ws, capsys, argv, *needles, code=2):
    """Run ``argv`` ({d} = the workspace): one ``error:`` line with each needle and a Fix,
    exit ``code``, nothing that existed before changed."""
    before = _hashes(ws)
    got = main([str(a).replace("{d}", str(ws)) for a in argv])  # a traceback fails the test
    cap = capsys.readouterr()
    err = cap.err
    assert got == code, (cap.out, err)
    assert "Traceback" not in cap.out + err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for needle in needles:
        assert needle in err, (needle, err)
    assert "Fix:" in err, err
    assert _hashes(ws) == before, "a refused command changed a file that existed before"
    return err


def _frame(n=400, groups=("a", "b"), seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "g": rng.choice(list(groups), n),
            "s": rng.random(n).round(3),
        }
    )


@pytest.fixture
def ws(tmp_path):
    _frame().to_csv(tmp_path / "base.csv", index=False)
    return tmp_path


AUDIT = ["audit", "{d}/base.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
THRESHOLDS = ["thresholds", "{d}/base.csv", "--y-score", "s", "--y-true", "y", "--protected", "g"]


# ---------------------------------------------------------------------------------------------
# 1. click's own usage errors: one line, the option named, a fix, exit 2

USAGE_CASES = [
    ("unknown-option", [*AUDIT, "--n-bot", "200"], ["option '--n-bot'", "--n-boot"]),
    ("unknown-option-group", ["--verbose"], ["option '--verbose'", "ethiclens --help"]),
    ("unknown-command", ["audti", "compas"], ["command 'audti'", "audit"]),
    ("unknown-subcommand", ["pcer", "sweeep"], ["command 'sweeep'", "sweep"]),
    ("missing-required-option", ["thresholds", "{d}/base.csv"], ["option '--y-score'"]),
    ("missing-argument", ["probe", "make-counterfactuals"], ["argument 'DATA'", "required"]),
    ("option-without-value", [*AUDIT, "--n-boot"], ["option '--n-boot'", "a value"]),
    ("bad-int", [*AUDIT, "--n-boot", "many"], ["option '--n-boot'", "'many'", "whole number"]),
    ("bad-float", [*THRESHOLDS, "--step", "fine"], ["option '--step'", "'fine'", "a number"]),
    ("bad-choice", ["pcer", "sweep", "--trainer", "nope"], ["option '--trainer'", "vectorized"]),
    ("bad-choice-p2nia", ["p2nia", "experiment", "--dataset", "x"], ["option '--dataset'"]),
    ("extra-argument", [*AUDIT, "extra"], ["extra", "ethiclens audit --help"]),
]


@pytest.mark.parametrize(
    "argv,needles", [c[1:] for c in USAGE_CASES], ids=[c[0] for c in USAGE_CASES]
)
def test_click_usage_errors_are_one_line(ws, capsys, argv, needles):
    err = _refused(ws, capsys, argv, *needles)
    assert "Usage:" not in err and "Try '" not in err


def test_help_is_still_help(capsys):
    assert main(["audit", "--help"]) == 0
    assert "Usage: ethiclens audit" in capsys.readouterr().out


# ---------------------------------------------------------------------------------------------
# 2. user text in the terminal, CSV exports and HTML

EVIL = {
    "formula": "=cmd|' /C calc'!A0",
    "escape": "evil\x1b]0;pwned\x07\x1b[2J\x1b[1A",
    "bidi": "abc\u202edef\u2066x\u2069",
}
BAD_CHARS = ("\x1b", "\x07", "\u202e", "\u2066", "\u2069", "\x00")


@pytest.fixture
def evil(tmp_path):
    frame = _frame(600, groups=list(EVIL.values()))
    frame.to_csv(tmp_path / "evil.csv", index=False)
    return tmp_path


def _no_bad_chars(text: str) -> None:
    for ch in BAD_CHARS:
        assert ch not in text, (ch, text[:2000])


def test_audit_terminal_output_neutralises_group_names(evil, capsys):
    argv = ["audit", str(evil / "evil.csv"), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    for engine in (["--engine", "pandas"], []):
        assert main([*argv, "--n-boot", "200", *engine]) == 0
        cap = capsys.readouterr()
        _no_bad_chars(cap.out + cap.err)
        assert "\\x1b" in cap.out and "\\u202e" in cap.out  # shown, not hidden


@pytest.mark.filterwarnings("error:Glyph:UserWarning")  # plots: no raw controls
def test_thresholds_terminal_csv_and_html_are_safe(evil, capsys):
    argv = ["thresholds", str(evil / "evil.csv"), "--y-score", "s", "--y-true", "y"]
    argv += ["--protected", "g", "--n-boot", "200"]
    argv += ["--csv", str(evil / "t.csv"), "--html", str(evil / "t.html")]
    assert main(argv) == 0
    cap = capsys.readouterr()
    _no_bad_chars(cap.out + cap.err)
    text = (evil / "t.csv").read_text(encoding="utf-8")
    _no_bad_chars(text)
    cells = pd.read_csv(evil / "t.csv", dtype=str, keep_default_na=False)
    for col in ("group", "reference"):
        assert not cells[col].str.match(r"^[=+\-@\t\r]").any(), cells[col].unique()
    assert "'=cmd|' /C calc'!A0" in set(cells["group"]) | set(cells["reference"])
    _no_bad_chars((evil / "t.html").read_text(encoding="utf-8"))


@pytest.mark.filterwarnings("error:Glyph:UserWarning")  # plots: no raw controls
def test_nul_byte_never_reaches_html(tmp_path, capsys):
    frame = _frame(600, groups=["a\x00b", "c"])
    frame.to_parquet(tmp_path / "nul.parquet")
    argv = ["audit", str(tmp_path / "nul.parquet"), "--y-true", "y", "--y-pred", "p"]
    argv += ["--protected", "g", "--n-boot", "200", "--html", str(tmp_path / "r.html")]
    assert main([*argv, "--engine", "pandas"]) == 0, capsys.readouterr()
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "\x00" not in html and "ab" in html


def test_error_lines_neutralise_user_values(ws, capsys):
    """A column name with an escape sequence, echoed in the error line, is shown escaped."""
    err = _refused(ws, capsys, ["audit", "{d}/base.csv", "--y-pred", "p\x1b[2Jx"], "--y-pred")
    _no_bad_chars(err)


def test_sanitiser_rules():
    from ethiclens._text import csv_cell, html_safe, one_line, terminal_safe

    assert terminal_safe("a\x1b[31mb\u202ec\td\ne") == "a\\x1b[31mb\\u202ec\td\ne"
    assert terminal_safe("\x9b2J\x7f") == "\\x9b2J\\x7f"  # C1 CSI and DEL
    assert one_line("a\nb") == "a\\nb"
    for start in ("=", "+", "-", "@", "\t", "\r"):
        assert csv_cell(start + "1+1").startswith("'")
    assert csv_cell("plain") == "plain" and csv_cell(-1.5) == -1.5
    assert html_safe("a\x00b\x1bc") == "a\\x00b\\x1bc"  # round 18: a NUL is shown too


# ---------------------------------------------------------------------------------------------
# 3. tracebacks: a full disk, an unreadable file, a huge row id, a model that raises

GRID = 'datasets = ["compas"]\nepsilons = ["none"]\nseeds = [0]\nmax_rows = 200\n'
GRID += "[train]\nepochs = 1\nbatch_size = 32\n"


def _grid_file(ws, text=GRID):
    (ws / "g.toml").write_text(text)
    return ["pcer", "sweep", "--grid", "{d}/g.toml", "--store", "{d}/s.sqlite", "--workers", "1"]


def test_disk_full_writing_the_lock_leaves_nothing(ws, capsys, monkeypatch):
    import errno
    import os

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("ethiclens.experiments._store.os.fsync", full)
    _refused(ws, capsys, _grid_file(ws), "--store", "lock file", "No space left", "removed")
    assert not (ws / "s.sqlite.lock").exists() and not (ws / "s.sqlite").exists()


def test_disk_full_creating_the_store_leaves_nothing(ws, capsys, monkeypatch):
    import sqlite3

    def full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(sqlite3, "connect", full)
    _refused(ws, capsys, _grid_file(ws), "--store", "cannot create the results store", "full")
    assert sorted(p.name for p in ws.iterdir()) == ["base.csv", "g.toml"]


def _deny(monkeypatch, name):
    """Reading ``name`` raises PermissionError, as for a file without read permission."""
    import builtins
    import errno

    real = builtins.open

    def fake(file, *args, **kwargs):
        if str(file).endswith(name):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake)


def test_unreadable_input_is_named(ws, capsys, monkeypatch):
    _deny(monkeypatch, "base.csv")
    _refused(ws, capsys, [*AUDIT, "--engine", "pandas"], "base.csv", "permission denied", "chmod")
    _refused(ws, capsys, [*THRESHOLDS, "--csv", "{d}/t.csv"], "base.csv", "permission denied")
    argv = ["probe", "make-counterfactuals", "{d}/base.csv", "--protected", "g", "--out"]
    _refused(ws, capsys, [*argv, "{d}/cf.csv"], "base.csv", "permission denied")


def test_unreadable_input_for_real(ws, capsys):
    import os

    if os.geteuid() == 0:
        pytest.skip("root reads files without read permission; simulated above")
    (ws / "base.csv").chmod(0)
    try:
        _refused(ws, capsys, [*AUDIT, "--engine", "pandas"], "base.csv", "permission denied")
    finally:
        (ws / "base.csv").chmod(0o644)


def test_permission_errors_anywhere_are_one_line(ws, capsys, monkeypatch):
    """The CLI's backstop: a PermissionError from any path is one line naming the file."""
    import errno

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", "/srv/secret.csv")

    monkeypatch.setattr("ethiclens.sources.read_rows", denied)
    _refused(ws, capsys, [*AUDIT, "--engine", "pandas"], "/srv/secret.csv", "permission denied")


def _cf_table(ws, row_id):
    from ethiclens.probes import make_counterfactuals

    cf = make_counterfactuals(pd.read_csv(ws / "base.csv")[["g", "s"]], "g")
    cf["pred"] = 1
    cf["_cf_row"] = cf["_cf_row"].astype(float)
    cf.loc[0, "_cf_row"] = row_id
    cf.to_csv(ws / "cf.csv", index=False)
    return ["probe", "analyze-counterfactuals", "{d}/cf.csv", "--y-pred", "pred"]


def test_huge_counterfactual_row_id_allocates_nothing(ws, capsys):
    """_cf_row 1e11 asked numpy for 745 GiB; ids now index compact arrays."""
    _refused(
        ws, capsys, _cf_table(ws, 1e11), "'_cf_row'", "copy (first: row id"
    )  # one of its two copies is missing
    _refused(ws, capsys, _cf_table(ws, 1e17), "'_cf_row'", "9,007,199,254,740,992", "1e+17")


MODEL = """
import numpy as np


class Broken:
    def predict(self, X):
        raise RuntimeError("weights file missing")


class BadProba:
    def predict(self, X):
        return np.zeros(len(X), dtype=int)

    def predict_proba(self, X):
        return np.zeros(len(X))


def broken():
    return Broken()


def bad_proba():
    return BadProba()


def loader_raises():
    raise KeyError("MODEL_PATH")
"""


@pytest.mark.parametrize(
    "spec,needles",
    [
        ("broken", ["--model", "RuntimeError in predict()", "weights file missing", "Broken"]),
        ("bad_proba", ["--model", "predict_proba returned shape (800,)"]),
        ("loader_raises", ["--model", "loader_raises() raised KeyError", "MODEL_PATH"]),
    ],
)
def test_a_model_that_raises_is_one_line(ws, capsys, monkeypatch, spec, needles, request):
    name = f"r3model_{request.node.callspec.id.replace('-', '_')}"
    (ws / f"{name}.py").write_text(MODEL)
    monkeypatch.chdir(ws)
    argv = ["probe", "counterfactual", "--model", f"{name}:{spec}", "--data", "{d}/base.csv"]
    _refused(ws, capsys, [*argv, "--attribute", "g", "--n-boot", "200"], *needles)


def test_a_model_module_that_fails_to_import_is_one_line(ws, capsys, monkeypatch):
    (ws / "r3model_import.py").write_text("x = 1 / 0\n")
    monkeypatch.chdir(ws)
    argv = ["probe", "counterfactual", "--model", "r3model_import:load", "--data", "{d}/base.csv"]
    _refused(ws, capsys, [*argv, "--attribute", "g"], "--model", "ZeroDivisionError")


def test_a_model_that_raises_in_python(ws):
    from ethiclens.errors import EthicLensInputError
    from ethiclens.probes import counterfactual

    class Model:
        def predict(self, X):
            raise TypeError("expects a numpy array")

    with pytest.raises(EthicLensInputError, match=r"Model raised TypeError in predict\(\)"):
        counterfactual(Model(), pd.read_csv(ws / "base.csv"), "g", n_boot=200)


# ---------------------------------------------------------------------------------------------
# 4. sweeps: the grid against the data, failed-only stores, read-only stores, stale locks


def test_batch_larger_than_the_training_split_is_refused_before_the_store(ws, capsys):
    argv = _grid_file(ws, GRID.replace("batch_size = 32", "batch_size = 256"))
    _refused(ws, capsys, argv, "train.batch_size", "140 training rows", "at most 139")
    assert not (ws / "s.sqlite").exists() and not (ws / "s.sqlite.lock").exists()


def _store(path, status="done"):
    from ethiclens.experiments import ResultsStore

    st = ResultsStore(path, "abc")
    group = {
        "attribute": "race",
        "n_train": 10,
        "n_test": 10,
        "acc_train": 1,
        "acc_test": 0.9,
        "delta": 0.1,
        "positive_rate": 0.5,
        "tpr": 1,
        "fpr": 0,
        "mia_auc": 0.5,
        "mean_loss_train": 0.1,
        "mean_loss_test": 0.1,
    }
    for seed in range(3):
        run = {"dataset": "compas", "epsilon": 1.0, "seed": seed, "status": status}
        groups = [{**group, "group": "AB"[i], "group_index": i} for i in range(2)]
        st.record({"run": run, "groups": groups if status == "done" else []})
    st.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    st.close()


def _read_only_folder(monkeypatch):
    """SQLite as in a read-only folder: a WAL store opened read-only cannot create its -shm."""
    import sqlite3

    real = sqlite3.connect

    class NoShm:
        def __init__(self, conn):
            self._conn = conn

        def execute(self, *args):
            raise sqlite3.OperationalError("attempt to write a readonly database")

        def close(self):
            self._conn.close()

    def connect(target, *args, **kwargs):
        conn = real(target, *args, **kwargs)
        text = str(target)
        if "mode=ro" in text and "immutable=1" not in text:
            return NoShm(conn)
        if "mode=ro" not in text:  # a writer: the folder refuses the journal
            conn.close()
            raise sqlite3.OperationalError("attempt to write a readonly database")
        return conn

    monkeypatch.setattr(sqlite3, "connect", connect)


def test_a_read_only_store_is_read_only_not_damaged(ws, capsys, monkeypatch):
    _store(ws / "s.sqlite")
    _read_only_folder(monkeypatch)
    argv = ["pcer", "sweep", "--preset", "quick", "--store", "{d}/s.sqlite"]
    err = _refused(ws, capsys, argv, "--store", "read-only", "not damaged", "chmod")
    assert "integrity" not in err and "recover" not in err
    before = _hashes(ws)
    assert main(["pcer", "tables", str(ws / "s.sqlite"), "--out", str(ws / "t")]) == 0
    assert main(["pcer", "export", str(ws / "s.sqlite"), "--out", str(ws / "x.csv")]) == 0
    capsys.readouterr()
    assert (ws / "t" / "main.csv").exists() and (ws / "x.csv").exists()
    assert all(_hashes(ws)[p] == h for p, h in before.items())  # the store is untouched


def test_tables_never_write_the_store(ws, capsys):
    _store(ws / "s.sqlite")
    before = _hashes(ws)
    assert main(["pcer", "tables", str(ws / "s.sqlite"), "--out", str(ws / "t")]) == 0
    capsys.readouterr()
    assert all(_hashes(ws)[p] == h for p, h in before.items())
    assert not (ws / "s.sqlite-wal").exists() and not (ws / "s.sqlite.lock").exists()


@pytest.mark.parametrize("content,needle", [("4194999", "pid 4194999"), ("", "names no")])
def test_a_stale_lock_says_the_holder_is_not_running(ws, capsys, content, needle):
    import fcntl

    _store(ws / "s.sqlite")
    lock = ws / "s.sqlite.lock"
    lock.write_text(content)
    with open(lock) as held:  # held by this process, but naming a pid that does not run
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        argv = ["pcer", "sweep", "--preset", "quick", "--store", "{d}/s.sqlite"]
        err = _refused(ws, capsys, argv, "--store", needle, "fuser", "stale")
    assert "in use by another sweep" not in err


def test_tables_on_a_store_without_two_groups(ws, capsys):
    """A store whose runs have one group per attribute: no ΔPCER, said in one line."""
    from ethiclens.experiments import ResultsStore

    st = ResultsStore(ws / "s.sqlite", "abc")
    group = {"attribute": "race", "group": "A", "group_index": 0, "n_train": 1, "n_test": 1}
    group.update(acc_train=1.0, acc_test=1.0, delta=0.0)
    st.record(
        {
            "run": {"dataset": "compas", "epsilon": 1.0, "seed": 0, "status": "done"},
            "groups": [group],
        }
    )
    st.close()
    argv = ["pcer", "tables", "{d}/s.sqlite", "--out", "{d}/t"]
    _refused(ws, capsys, argv, "STORE", "two groups")


# ---------------------------------------------------------------------------------------------
# 5. messages


def test_bin_labels_keep_enough_digits_to_stay_distinct(tmp_path, capsys):
    from ethiclens.fairness import bin_attribute

    edges = [0, 1_000_000, 1_000_001, 2_000_000]
    labels = sorted(set(bin_attribute([5, 1_000_000, 1_000_000.5, 1_500_000], edges, "x")))
    assert labels == ["[0, 1000000)", "[1000000, 1000001)", "[1000001, 2000000]"]
    assert sorted(set(bin_attribute([1, 30], [0, 25, 45], "age"))) == ["[0, 25)", "[25, 45]"]
    rng = np.random.default_rng(0)
    frame = _frame(600)
    frame["income"] = rng.choice([10.0, 1_000_000.5, 1_500_000.0], 600)
    frame.to_csv(tmp_path / "inc.csv", index=False)
    argv = ["audit", str(tmp_path / "inc.csv"), "--y-true", "y", "--y-pred", "p"]
    argv += ["--protected", "income", "--bins", "income=0,1000000,1000001,2000000"]
    argv += ["--n-boot", "200", "--engine", "pandas", "--json", str(tmp_path / "o.json")]
    assert main(argv) == 0, capsys.readouterr()
    doc = json.loads((tmp_path / "o.json").read_text())
    names = [g["group"] for g in doc["attributes"][0]["groups"]]
    assert len(names) == 3 == len(set(names))


def test_acs_year_outside_folktables_range(ws, capsys):
    from ethiclens.datasets import load_acs_income
    from ethiclens.errors import EthicLensInputError

    _refused(ws, capsys, ["audit", "acs-income", "--year", "1850"], "year", "1850", "2014")
    for year in (1850, 2013, 3000, "2018x", True):
        with pytest.raises(EthicLensInputError, match="year.*2014"):
            load_acs_income(["CO"], year=year)


def test_p2nia_n_as_a_string_shows_the_value(ws, capsys):
    request = {
        "format": "ethiclens-p2nia-request/1",
        "n": "500",
        "protected": "g",
        "mechanism": "grr",
        "epsilon": 1,
    }
    (ws / "req.json").write_text(json.dumps(request))
    argv = ["p2nia", "release", "--request", "{d}/req.json", "--data", "{d}/base.csv"]
    argv += ["--y-true", "y", "--y-pred", "p", "--out", "{d}/rel"]
    _refused(ws, capsys, argv, "'500'", "not a str", "without quotes")
    assert not (ws / "rel").exists()


def test_an_attribute_crossed_with_itself_is_refused(ws, capsys):
    from ethiclens import audit
    from ethiclens.errors import EthicLensInputError

    frame = _frame(400)
    frame["h"] = np.where(np.arange(400) % 3 == 0, "x", "z")
    frame.to_csv(ws / "two.csv", index=False)
    argv = ["audit", "{d}/two.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    argv += ["--protected", "h", "--engine", "pandas", "--intersect"]
    _refused(ws, capsys, [*argv, "g,g"], "'g' twice")
    sf = frame[["g", "h"]]
    with pytest.raises(EthicLensInputError, match="intersections.*given twice"):
        audit(frame.y, frame.p, sf, intersections=[("g", "h"), ("h", "g")], n_boot=200)


def test_pcer_train_and_test_the_same_file(ws, capsys):
    argv = ["pcer", "audit", "--train", "{d}/base.csv", "--test", "{d}/./base.csv"]
    argv += ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--n-boot", "200"]
    _refused(ws, capsys, argv, "--test", "--train file", "δ_g")


def test_an_empty_group_name_is_refused(tmp_path, capsys):
    frame = _frame(400)
    frame.loc[:99, "g"] = ""
    frame.to_parquet(tmp_path / "e.parquet")
    argv = ["audit", "{d}/e.parquet", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    for engine in (["--engine", "pandas"], []):  # pandas, and the default engine's counts
        _refused(tmp_path, capsys, [*argv, *engine], "'g'", "empty group name ''")


def test_thresholds_on_one_group(ws, capsys):
    _frame(400, groups=("a",)).to_csv(ws / "one.csv", index=False)
    argv = ["thresholds", "{d}/one.csv", "--y-score", "s", "--y-true", "y", "--protected", "g"]
    _refused(ws, capsys, argv, "'g'", "has a single group 'a'; nothing to compare", "one group")


def test_audited_threshold_outside_0_1_names_the_parameter(ws, capsys):
    from ethiclens import threshold_table
    from ethiclens.errors import EthicLensInputError

    frame = _frame()
    for bad in (1.5, 0, -0.2, 1):
        with pytest.raises(EthicLensInputError, match="audited_threshold") as info:
            threshold_table(frame.y, frame.s, frame.g, audited_threshold=bad, n_boot=200)
        assert "'thresholds'" not in str(info.value)
    _refused(ws, capsys, [*THRESHOLDS, "--threshold", "1.5"], "--threshold", "1.5")


def test_text_zero_one_labels_get_a_precise_fix(tmp_path, capsys):
    frame = _frame(400)
    frame["y"] = frame["y"].astype(str)
    frame.to_parquet(tmp_path / "t.parquet")
    argv = ["audit", "{d}/t.parquet", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    argv += ["--n-boot", "200"]
    for engine in (["--engine", "pandas"], []):  # pandas, and the default engine's counts
        args = [*argv, *engine]
        # the command line's fix is the file's (4a9dcadf), not pandas' .astype(int)
        needles = ("text values ['0', '1']", "--pos-label 1", "as integers 0 and 1 in the file")
        _refused(tmp_path, capsys, args, *needles)
        assert main([a.replace("{d}", str(tmp_path)) for a in [*args, "--pos-label", "1"]]) == 0


def test_a_lock_that_cannot_be_created(ws, capsys, monkeypatch):
    """No permission for the lock file: a new store says so (nothing created), an existing one
    is called read-only (not damaged)."""
    _deny(monkeypatch, "s.sqlite.lock")
    argv = _grid_file(ws)
    _refused(ws, capsys, argv, "--store", "cannot create the lock file", "no store was created")
    assert not (ws / "s.sqlite").exists()
    _store(ws / "s.sqlite")
    _refused(ws, capsys, argv, "--store", "read-only", "not damaged")

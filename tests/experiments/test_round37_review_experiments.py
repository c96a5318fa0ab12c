"""Round 37 review (155a4d63, f937c732, f39851e6, a53a25c0): line cuts of experiments that
must change no behaviour.

- one_thread (155a4d63) replaced two copies of save/set/try/finally-restore: torch runs at one
  thread inside a sweep task and a pcer train request, and the caller's count comes back after
  a normal end, an exception and a KeyboardInterrupt. No test looked inside or at the raise.
- the refusals rewritten as problem/fix variables (a53a25c0) or through a partial (f937c732,
  f39851e6): most texts were pinned by no test. Each is pinned whole here (str, column, kind,
  value, fix), the texts taken from 155a4d63^ (before the cuts); they pass there too.
"""

import os
import sqlite3

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import (
    ExperimentConfig,
    ResultsStore,
    SweepGrid,
    _pcer_commands,
    _runner,
    _store,
    audit_states_for,
    load_grid,
    open_existing,
    preset,
    run_sweep,
)


def _grid_file(tmp, name, text):
    p = tmp / name
    p.write_text(text)
    return lambda: load_grid(p)


def _sqlite_text(tmp):
    (tmp / "t.sqlite").write_text("not a database at all, just text")
    return lambda: ResultsStore(tmp / "t.sqlite", "h1")


def _other_config(tmp):
    store = ResultsStore(tmp / "s.sqlite", "h1")
    cols = [r[1] for r in store.conn.execute("PRAGMA table_info(runs)") if r[3]]  # NOT NULL
    values = {c: "done" if c == "status" else 0 for c in cols} | {"status": "done"}
    names = ", ".join(values)
    store.conn.execute(
        f"INSERT INTO runs ({names}) VALUES ({', '.join('?' * len(values))})", list(values.values())
    )
    store.close()
    return lambda: ResultsStore(tmp / "s.sqlite", "h2")


def _folder(tmp):
    (tmp / "d.sqlite").mkdir()
    return lambda: ResultsStore(tmp / "d.sqlite", "h1")


CASES = {
    "epsilons not a list": lambda tmp: lambda: SweepGrid(epsilons=1.0),
    "seeds 0": lambda tmp: lambda: SweepGrid(seeds=0),
    "seeds too many": lambda tmp: lambda: SweepGrid(seeds=10**9),
    "seeds a float": lambda tmp: lambda: SweepGrid(seeds=float("nan")),
    "seeds a negative": lambda tmp: lambda: SweepGrid(seeds=[-1]),
    "seeds and train both bad": lambda tmp: lambda: SweepGrid(seeds="x", train={"zz": 1}),
    "train key": lambda tmp: lambda: SweepGrid(train={"lrr": 1}),
    "hidden": lambda tmp: lambda: SweepGrid(train={"hidden": [0]}),
    "attributes of another dataset": lambda tmp: (
        lambda: SweepGrid(datasets=["compas"], attributes={"adult": ["sex"]})
    ),
    "unknown attribute": lambda tmp: (
        lambda: SweepGrid(datasets=["compas"], attributes={"compas": ["nope"]})
    ),
    "preset": lambda tmp: lambda: preset("quik"),
    "grid key": lambda tmp: _grid_file(tmp, "g.yaml", "datasets: [compas]\nbogus: 1\n"),
    "grid list": lambda tmp: _grid_file(tmp, "g.yaml", "- 1\n"),
    "grid underflow": lambda tmp: _grid_file(tmp, "g.toml", "[train]\nmomentum = 1e-400\n"),
    "run_sweep": lambda tmp: lambda: run_sweep({"datasets": ["compas"]}, tmp / "s.sqlite"),
    "store folder missing": lambda tmp: lambda: ResultsStore(tmp / "no" / "s.sqlite", "h1"),
    "store a folder": _folder,
    "store not sqlite": _sqlite_text,
    "store other config": _other_config,
    "store missing": lambda tmp: lambda: open_existing(tmp / "missing.sqlite"),
    "store full": lambda tmp: (
        lambda: (_ for _ in ()).throw(
            _store._friendly(sqlite3.OperationalError("database or disk is full"), "s.sqlite")
        )
    ),
    "store other error": lambda tmp: (
        lambda: (_ for _ in ()).throw(
            _store._friendly(sqlite3.OperationalError("no such table: runs"), "s.sqlite")
        )
    ),
    "states all and one": lambda tmp: lambda: audit_states_for("CA", "all,NE", "--audit-states"),
    "states none": lambda tmp: lambda: audit_states_for("CA", [], "--audit-states"),
    "states twice": lambda tmp: lambda: audit_states_for("CA", "NY,ne,NE,ny", "--audit-states"),
    "states training": lambda tmp: lambda: audit_states_for("CA", "NE,ca", "--audit-states"),
    "experiment models": lambda tmp: lambda: ExperimentConfig(models=("rf", "rf")).validate(),
    "experiment sizes": lambda tmp: lambda: ExperimentConfig(sizes=()).validate(),
}


EXPECTED = {
    "attributes of another dataset": (
        "key 'attributes': attributes given for a dataset not in the "
        "grid (value: 'adult'). Fix: add adult to datasets or drop its "
        "attributes",
        "attributes",
        "key",
        "adult",
        "add adult to datasets or drop its attributes",
    ),
    "epsilons not a list": (
        "key 'epsilons': must be a list of budgets (value: 1.0). Fix: e.g. "
        "epsilons = [1.0, 'none']",
        "epsilons",
        "key",
        "1.0",
        "e.g. epsilons = [1.0, 'none']",
    ),
    # round 45: a Python caller is told the field (argument 'models'), not the CLI's flag, and
    # an empty list to give at least one (it said 'list each value once'); the CLI keeps its
    # flags (test_round45_experiment_config_words)
    "experiment models": (
        "argument 'models': needs one or more distinct values (value: ['rf', "
        "'rf']). Fix: list each value once",
        "models",
        "argument",
        "['rf', 'rf']",
        "list each value once",
    ),
    "experiment sizes": (
        "argument 'sizes': needs one or more values (value: []). Fix: give at least one, "
        "e.g. sizes=(250, 500, 1000, 2000, 5000)",
        "sizes",
        "argument",
        "[]",
        "give at least one, e.g. sizes=(250, 500, 1000, 2000, 5000)",
    ),
    "grid key": (
        "key 'bogus': unknown key in grid file. Fix: allowed keys: attributes, "
        "datasets, epsilons, features, max_rows, seeds, train, trainer",
        "bogus",
        "key",
        None,
        "allowed keys: attributes, datasets, epsilons, features, max_rows, seeds, train, trainer",
    ),
    "grid list": (
        "argument 'path': a grid file must be a mapping of keys. Fix: e.g. datasets: "
        "[compas] / epsilons: [1, none]",
        "path",
        "argument",
        None,
        "e.g. datasets: [compas] / epsilons: [1, none]",
    ),
    "grid underflow": (
        "key 'train.momentum': 1e-400 underflows to 0: it is below the smallest "
        "positive number a double holds (about 5e-324), in the grid file TMP/g.toml "
        "(value: '1e-400'). Fix: e.g. momentum = 0.9",
        "train.momentum",
        "key",
        "1e-400",
        "e.g. momentum = 0.9",
    ),
    "hidden": (
        "key 'train.hidden': hidden layer widths must be a non-empty list of integers from 1 "
        "to 100,000 (value: [0]). Fix: e.g. hidden = [64, 32]",
        "train.hidden",
        "key",
        "[0]",
        "e.g. hidden = [64, 32]",
    ),
    "preset": (
        "argument 'name': unknown preset: must be one of paper, quick (value: 'quik'). Fix: "
        "did you mean 'quick'? use one of paper, quick",
        "name",
        "argument",
        "quik",
        "did you mean 'quick'? use one of paper, quick",
    ),
    "run_sweep": (
        "column 'grid': run_sweep needs a SweepGrid. Fix: build one with SweepGrid(...), "
        "preset() or load_grid()",
        "grid",
        "column",
        None,
        "build one with SweepGrid(...), preset() or load_grid()",
    ),
    "seeds 0": (
        "key 'seeds': seeds = 0 gives no seeds: a count N runs seeds 0..N-1 and must be from "
        "1 to 100,000 (value: 0). Fix: e.g. seeds = 10, or a list such as [0, 1, 2]",
        "seeds",
        "key",
        "0",
        "e.g. seeds = 10, or a list such as [0, 1, 2]",
    ),
    "seeds a float": (
        "key 'seeds': seeds must be a count (integer) or a list of integers, not float "
        "(value: 'nan'). Fix: e.g. seeds = 10 (seeds 0..9) or seeds = [0, 1, 2]",
        "seeds",
        "key",
        "nan",
        "e.g. seeds = 10 (seeds 0..9) or seeds = [0, 1, 2]",
    ),
    "seeds a negative": (
        "key 'seeds': seeds must be a non-empty list of non-negative integers "
        "(value: [-1]). Fix: e.g. seeds = 10 (seeds 0..9) or seeds = [0, 1, 2]",
        "seeds",
        "key",
        "[-1]",
        "e.g. seeds = 10 (seeds 0..9) or seeds = [0, 1, 2]",
    ),
    "seeds and train both bad": (
        "key 'seeds': seeds must be a count (integer) or a list of integers, "
        "not str (value: 'x'). Fix: e.g. seeds = 10 (seeds 0..9) or seeds = "
        "[0, 1, 2]",
        "seeds",
        "key",
        "x",
        "e.g. seeds = 10 (seeds 0..9) or seeds = [0, 1, 2]",
    ),
    "seeds too many": (
        "key 'seeds': seeds = 1000000000 gives too many seeds: a count N runs seeds "
        "0..N-1 and must be from 1 to 100,000 (value: 1000000000). Fix: e.g. seeds = "
        "10, or a list such as [0, 1, 2]",
        "seeds",
        "key",
        "1000000000",
        "e.g. seeds = 10, or a list such as [0, 1, 2]",
    ),
    "states all and one": (
        "option '--audit-states': unknown ACS state code (value: 'ALL,NE'). Fix: "
        "use a two-letter code, one of AK, AL, AR, AZ, CA, CO, CT, DE, FL, GA, HI, "
        "IA, ID, IL, IN, KS, KY, LA, MA, MD, ME, MI, MN, MO, MS, MT, NC, ND, NE, "
        "NH, NJ, NM, NV, NY, OH, OK, OR, PA, PR, RI, SC, SD, TN, TX, UT, VA, VT, "
        "WA, WI, WV, WY",
        "--audit-states",
        "option",
        "ALL,NE",
        "use a two-letter code, one of AK, AL, AR, AZ, CA, CO, CT, DE, FL, GA, HI, "
        "IA, ID, IL, IN, KS, KY, LA, MA, MD, ME, MI, MN, MO, MS, MT, NC, ND, NE, "
        "NH, NJ, NM, NV, NY, OH, OK, OR, PA, PR, RI, SC, SD, TN, TX, UT, VA, VT, "
        "WA, WI, WV, WY",
    ),
    "states none": (
        "option '--audit-states': no audit state given. Fix: e.g. --audit-states NE, or 'all'",
        "--audit-states",
        "option",
        None,
        "e.g. --audit-states NE, or 'all'",
    ),
    "states training": (
        "option '--audit-states': unknown ACS state code (value: 'NE,CA'). Fix: use a "
        "two-letter code, one of AK, AL, AR, AZ, CA, CO, CT, DE, FL, GA, HI, IA, ID, "
        "IL, IN, KS, KY, LA, MA, MD, ME, MI, MN, MO, MS, MT, NC, ND, NE, NH, NJ, NM, "
        "NV, NY, OH, OK, OR, PA, PR, RI, SC, SD, TN, TX, UT, VA, VT, WA, WI, WV, WY",
        "--audit-states",
        "option",
        "NE,CA",
        "use a two-letter code, one of AK, AL, AR, AZ, CA, CO, CT, DE, FL, GA, HI, "
        "IA, ID, IL, IN, KS, KY, LA, MA, MD, ME, MI, MN, MO, MS, MT, NC, ND, NE, NH, "
        "NJ, NM, NV, NY, OH, OK, OR, PA, PR, RI, SC, SD, TN, TX, UT, VA, VT, WA, WI, "
        "WV, WY",
    ),
    "states twice": (
        "option '--audit-states': unknown ACS state code (value: 'NY,NE,NE,NY'). Fix: "
        "use a two-letter code, one of AK, AL, AR, AZ, CA, CO, CT, DE, FL, GA, HI, IA, "
        "ID, IL, IN, KS, KY, LA, MA, MD, ME, MI, MN, MO, MS, MT, NC, ND, NE, NH, NJ, NM, "
        "NV, NY, OH, OK, OR, PA, PR, RI, SC, SD, TN, TX, UT, VA, VT, WA, WI, WV, WY",
        "--audit-states",
        "option",
        "NY,NE,NE,NY",
        "use a two-letter code, one of AK, AL, AR, AZ, CA, CO, CT, DE, FL, GA, HI, IA, "
        "ID, IL, IN, KS, KY, LA, MA, MD, ME, MI, MN, MO, MS, MT, NC, ND, NE, NH, NJ, NM, "
        "NV, NY, OH, OK, OR, PA, PR, RI, SC, SD, TN, TX, UT, VA, VT, WA, WI, WV, WY",
    ),
    "store a folder": (
        "option '--store': TMP/d.sqlite is a folder, not a results store. Fix: give "
        "the store's .sqlite file",
        "--store",
        "option",
        None,
        "give the store's .sqlite file",
    ),
    "store folder missing": (
        "option '--store': folder TMP/no does not exist. Fix: create it or choose another path",
        "--store",
        "option",
        None,
        "create it or choose another path",
    ),
    "store full": (
        "option '--store': the results store s.sqlite could not be written (database or "
        "disk is full); every run finished before this is safe in the store. Fix: free "
        "disk space and rerun the same command: it resumes",
        "--store",
        "option",
        None,
        "free disk space and rerun the same command: it resumes",
    ),
    "store missing": (
        "argument 'STORE': results store TMP/missing.sqlite does not exist. Fix: run "
        "ethiclens pcer sweep --store PATH first",
        "STORE",
        "argument",
        None,
        "run ethiclens pcer sweep --store PATH first",
    ),
    "store not sqlite": (
        "option '--store': TMP/t.sqlite is not a SQLite file, so not an EthicLens "
        "results store. Fix: give the .sqlite file a sweep wrote (ethiclens pcer "
        "sweep --store PATH), or a new path for a new store",
        "--store",
        "option",
        None,
        "give the .sqlite file a sweep wrote (ethiclens pcer sweep --store PATH), or "
        "a new path for a new store",
    ),
    "store other config": (
        "option '--store': the store TMP/s.sqlite holds runs of another grid "
        "configuration or code version (config h1, this sweep h2); mixing them "
        "would corrupt the tables. Fix: start a new store (--store NEW.sqlite) or "
        "rerun with the original settings",
        "--store",
        "option",
        None,
        "start a new store (--store NEW.sqlite) or rerun with the original settings",
    ),
    "store other error": (
        "option '--store': results store s.sqlite: no such table: runs",
        "--store",
        "option",
        None,
        None,
    ),
    "train key": (
        "key 'train.lrr': unknown trainer setting. Fix: did you mean 'lr'? choose from "
        "accountant, batch_size, delta, epochs, hidden, lr, max_grad_norm, "
        "momentum, test_size",
        "train.lrr",
        "key",
        None,
        "did you mean 'lr'? choose from accountant, batch_size, delta, epochs, "
        "hidden, lr, max_grad_norm, momentum, test_size",
    ),
    "unknown attribute": (
        "key 'attributes': unknown attribute for compas: must be one of race (value: 'nope'). "
        "Fix: use one of race",
        "attributes",
        "key",
        "nope",
        "use one of race",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_refusal_reads_as_before_the_cuts(name, tmp_path):
    call = CASES[name](tmp_path)
    with pytest.raises(EthicLensInputError) as info:
        call()
    e = info.value
    value = None if e.value is None else str(e.value).replace(str(tmp_path), "TMP")
    got = (str(e).replace(str(tmp_path), "TMP"), e.column, e.kind, value, e.fix)
    assert got == EXPECTED[name]


torch = pytest.importorskip("torch")


class _Stop(Exception):
    pass


@pytest.fixture
def three_threads():
    before = torch.get_num_threads()
    torch.set_num_threads(3)
    yield
    torch.set_num_threads(before)


@pytest.mark.parametrize("raised", [None, _Stop, KeyboardInterrupt])
def test_one_thread_gives_the_callers_count_back_however_it_ends(three_threads, raised):
    seen = []
    try:
        with _runner.one_thread():
            seen.append(torch.get_num_threads())
            if raised is not None:
                raise raised()
    except (_Stop, KeyboardInterrupt) as exc:
        assert type(exc) is raised
    assert seen == [1]
    assert torch.get_num_threads() == 3


def test_a_sweep_task_runs_at_one_thread_and_gives_the_count_back(three_threads, monkeypatch):
    seen = []

    def task(task, trainer):
        seen.append(torch.get_num_threads())
        raise KeyboardInterrupt

    monkeypatch.setattr(_runner, "_run_task", task)
    with pytest.raises(KeyboardInterrupt):
        _runner.run_task(None)
    assert seen == [1]
    assert torch.get_num_threads() == 3


def test_a_train_request_reads_its_data_at_one_thread_and_gives_the_count_back(
    three_threads, monkeypatch
):
    seen = []

    def prepare(*args, **kwargs):
        seen.append(torch.get_num_threads())
        raise _Stop

    monkeypatch.setattr(_pcer_commands, "prepare", prepare)
    with pytest.raises(_Stop):
        _pcer_commands.train_and_audit(_pcer_commands.TrainRequest("compas"))
    assert seen == [1]
    assert torch.get_num_threads() == 3


def test_a_store_in_use_reads_as_before_the_cuts(tmp_path):
    held = ResultsStore(tmp_path / "s.sqlite", "h1", lock=True)
    try:
        with pytest.raises(EthicLensInputError) as info:
            ResultsStore(tmp_path / "s.sqlite", "h1", lock=True)
    finally:
        held.close()
    e = info.value
    text = str(e).replace(str(tmp_path), "TMP").replace(f"pid {os.getpid()})", "pid PID)")
    fix = "wait for that sweep to finish (rerunning then resumes), or give this one another --store"
    assert text == (
        "option '--store': the results store TMP/s.sqlite is in use by another sweep (pid PID); "
        f"two sweeps on one store would train the same runs twice. Fix: {fix}"
    )
    assert (e.column, e.kind, e.value, e.fix) == ("--store", "option", None, fix)

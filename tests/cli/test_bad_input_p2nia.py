"""Bad input, hostile files and faults for ``ethiclens p2nia``: each is refused with exit code
2, one line naming the flag/field and the fix, and nothing that existed before is modified."""

from __future__ import annotations

import errno
import hashlib
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.p2nia import _protocol, keep_probability
from ethiclens.p2nia._protocol import _manifest_digest


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    """audit.csv, a GRR request (ε = 6), an MST request, and a GRR release rel0."""
    d = tmp_path_factory.mktemp("p2nia")
    rng = np.random.default_rng(0)
    n = 3000
    a = rng.choice(["F", "M"], n)
    frame = pd.DataFrame(
        {
            "sex": a,
            "income": rng.integers(0, 2, n),
            "pred": (rng.random(n) < np.where(a == "M", 0.6, 0.3)).astype(int),
            "age": rng.integers(18, 90, n),
            "edu": rng.integers(0, 5, n),
        }
    )
    frame.to_csv(d / "audit.csv", index=False)
    frame.assign(pred=np.where(np.arange(n) == 5, 2, frame.pred)).to_csv(
        d / "bad_pred.csv", index=False
    )
    assert (
        main(
            [
                "p2nia",
                "request",
                "--n",
                "1000",
                "--protected",
                "sex",
                "--groups",
                "F,M",
                "--epsilon",
                "6",
                "--out",
                str(d / "req.json"),
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "p2nia",
                "request",
                "--n",
                "1000",
                "--protected",
                "sex",
                "--groups",
                "F,M",
                "--mechanism",
                "mst",
                "--epsilon",
                "6",
                "--out",
                str(d / "req_mst.json"),
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "p2nia",
                "release",
                "--request",
                str(d / "req.json"),
                "--data",
                str(d / "audit.csv"),
                "--y-true",
                "income",
                "--y-pred",
                "pred",
                "--seed",
                "0",
                "--out",
                str(d / "rel0"),
            ]
        )
        == 0
    )
    (d / "occupied").mkdir()
    (d / "occupied" / "notes.txt").write_text("keep me")
    return d


def _snapshot(root: Path) -> dict:
    return {
        p: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(root.rglob("*")) if p.is_file()
    }


def _refused(ws, capsys, argv, *needles):
    before = _snapshot(ws)
    code = main([a.replace("{d}", str(ws)) for a in argv])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("error: "), err  # one line
    for needle in needles:
        assert needle in err, (needle, err)
    assert "Fix:" in err, err
    assert _snapshot(ws) == before  # no input and no earlier output was touched
    return err


# ---------------------------------------------------------------- outputs that would destroy
OUTPUT_CASES = [
    (["p2nia", "estimate", "{d}/rel0", "--json", "{d}/rel0/manifest.json"], "--json"),
    (["p2nia", "estimate", "{d}/rel0", "--json", "{d}/rel0/release.csv"], "--json"),
    (["p2nia", "estimate", "{d}/rel0", "--json", "{d}/rel0/extra.json"], "inside"),
    (["p2nia", "estimate", "{d}/rel0", "--html", "{d}/rel0/report.html"], "--html"),
    (
        ["p2nia", "estimate", "{d}/rel0", "--json", "{d}/same.out", "--html", "{d}/same.out"],
        "--html",
    ),
    (
        [
            "p2nia",
            "release",
            "--request",
            "{d}/req.json",
            "--data",
            "{d}/audit.csv",
            "--y-true",
            "income",
            "--y-pred",
            "pred",
            "--out",
            "{d}/rel0",
        ],
        "already holds a release",
    ),
    (
        [
            "p2nia",
            "release",
            "--request",
            "{d}/req.json",
            "--data",
            "{d}/audit.csv",
            "--y-true",
            "income",
            "--y-pred",
            "pred",
            "--out",
            "{d}/occupied",
        ],
        "not empty",
    ),
    (
        [
            "p2nia",
            "release",
            "--request",
            "{d}/req.json",
            "--data",
            "{d}/rel0/release.csv",
            "--y-true",
            "Y",
            "--y-pred",
            "Y_hat",
            "--replace",
            "--out",
            "{d}/rel0",
        ],
        "--out",
    ),
    (
        [
            "p2nia",
            "request",
            "--n",
            "100",
            "--protected",
            "sex",
            "--epsilon",
            "1",
            "--out",
            "{d}/nodir/r.json",
        ],
        "does not exist",
    ),
]


@pytest.mark.parametrize("argv,needle", OUTPUT_CASES)
def test_outputs_that_would_destroy_are_refused(ws, capsys, argv, needle):
    _refused(ws, capsys, argv, needle)


# ---------------------------------------------------------------- auditor's request (CLI)
REQ = ["p2nia", "request", "--n", "1000", "--protected", "sex", "--out", "{d}/new_req.json"]
REQUEST_CASES = [
    (["--epsilon", "0"], "--epsilon", "ε must be"),
    (["--epsilon", "-1"], "--epsilon", "ε must be"),
    (["--epsilon", "inf"], "--epsilon", "finite"),
    (["--epsilon", "nan"], "--epsilon", "finite"),
    (["--epsilon", "1e308"], "--epsilon", "above"),
    (["--epsilon", "1e400"], "--epsilon", "is above 10000"),
    (["--epsilon", "1", "--delta", "0.5"], "--delta", "δ must be"),
    (["--epsilon", "1", "--delta", "0"], "--delta", "δ must be"),
    (["--epsilon", "1", "--delta", "-1e-6"], "--delta", "δ must be"),
    (["--epsilon", "1", "--groups", "A"], "--groups", "two or more"),
    (["--epsilon", "1", "--groups", "A,,B"], "--groups", "empty item"),
    (["--epsilon", "1", "--groups", "A,A"], "--groups", "repeated"),
    (["--epsilon", "1", "--metrics", "dp,acc"], "--metrics", "unknown metric"),
    (["--epsilon", "1", "--metrics", "dp,dp"], "--metrics", "repeated"),
    # the audit's limit on a group label, in its words
    (["--epsilon", "1", "--groups", "F," + "a" * 257], "--groups", "longer than 256 characters"),
]


@pytest.mark.parametrize("extra,flag,needle", REQUEST_CASES)
def test_bad_request_options(ws, capsys, extra, flag, needle):
    _refused(ws, capsys, REQ + extra, flag, needle)


@pytest.mark.parametrize("n,needle", [("5", "[10,"), ("-3", "[10,")])
def test_bad_request_size(ws, capsys, n, needle):
    _refused(
        ws,
        capsys,
        [
            "p2nia",
            "request",
            "--n",
            n,
            "--protected",
            "sex",
            "--epsilon",
            "1",
            "--out",
            "{d}/new_req.json",
        ],
        "--n",
        needle,
    )


# ---------------------------------------------------------------- tampered request files
GOOD_REQ = {
    "format": "ethiclens-p2nia-request/1",
    "n": 1000,
    "protected": "sex",
    "protected_domain": ["F", "M"],
    "metrics": ["dp", "eo", "eopp"],
    "mechanism": "grr",
    "epsilon": 6.0,
    "delta": None,
}
REQUEST_FILE_CASES = [
    ("epsilon", True, "--epsilon", "not bool"),
    ("epsilon", "1", "--epsilon", "not str"),
    ("epsilon", [1], "--epsilon", "not list"),
    ("epsilon", 1e308, "--epsilon", "above"),
    ("epsilon", -2, "--epsilon", "ε must be"),
    ("mechanism", "laplace", "--mechanism", "unknown mechanism"),
    ("mechanism", None, "--mechanism", "unknown mechanism"),
    ("protected_domain", "AB", "--groups", "must be a list"),
    ("protected_domain", ["F"], "--groups", "two or more"),
    ("protected_domain", [1, 2], "--groups", "non-empty string"),
    ("protected_domain", {"F": 1}, "--groups", "must be a list"),
    ("delta", 0.5, "--delta", "δ must be"),
    ("delta", "1e-6", "--delta", "finite number"),
    ("metrics", "dp", "--metrics", "non-empty list"),
    ("metrics", [], "--metrics", "non-empty list"),
    ("n", 1000.0, "--n", "written without a decimal point"),
    ("n", True, "--n", "integer"),
    ("n", 10**12, "--n", "integer"),
    ("protected", ["sex"], "--protected", "column name"),
    ("format", "other/1", "--request", "not an EthicLens P2NIA request"),
    ("colour", "blue", "", "unknown key. Fix: allowed keys: accounting, "),  # a key, r48
    ("track_budget", "yes", "--track-budget", "track_budget must be true or false"),
    ("epsilon", 1e-8, "--epsilon", "ε = 1e-08 is too small"),
    ("epsilon", 1e-300, "--epsilon", "cannot be inverted"),
    ("accounting", "per-row", "--accounting", "unknown accounting"),
    ("accounting", True, "--accounting", "unknown accounting"),
]


def _release_with(ws, name, content: str):
    path = ws / "tampered" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(content)
    return [
        "p2nia",
        "release",
        "--request",
        str(path),
        "--data",
        "{d}/audit.csv",
        "--y-true",
        "income",
        "--y-pred",
        "pred",
        "--out",
        "{d}/never",
    ]


@pytest.mark.parametrize("key,value,flag,needle", REQUEST_FILE_CASES)
def test_tampered_request_files(ws, capsys, key, value, flag, needle):
    argv = _release_with(
        ws, f"req_{key}_{abs(hash(repr(value)))}.json", json.dumps({**GOOD_REQ, key: value})
    )
    # a key's problem names the key in the file (release has no --epsilon), the file's as a
    # whole the --request option
    where = f"key '{key}': {argv[argv.index('--request') + 1]}: " if flag != "--request" else flag
    _refused(ws, capsys, argv, where, needle)
    assert not (ws / "never").exists()


@pytest.mark.parametrize(
    "content,needle",
    [
        (
            '{"format": "ethiclens-p2nia-request/1", "n": 1000, "protected": "sex", "mechanism": '
            '"grr", "epsilon": ' + "9" * 5000 + "}",
            "ε is above 10000",  # round 20: refused by its key's own check (its range)
        ),
        (
            '{"format": "ethiclens-p2nia-request/1", "n": 1000, "protected": "sex", "mechanism": '
            '"grr", "epsilon": ' + "9" * 5000 + ".5}",
            "ε is above 10000",
        ),
        ("[1, 2, 3]", "JSON object"),
        ("{not json", "cannot parse raw_"),
        (
            '{"format": "ethiclens-p2nia-request/1", "protected": "sex", "mechanism": "grr", '
            '"epsilon": 1}',
            "missing",
        ),
    ],
)
def test_unreadable_request_files(ws, capsys, content, needle):
    argv = _release_with(ws, f"raw_{abs(hash(content))}.json", content)
    _refused(ws, capsys, argv, needle)


# ---------------------------------------------------------------- platform's release options
REL = [
    "p2nia",
    "release",
    "--data",
    "{d}/audit.csv",
    "--y-true",
    "income",
    "--y-pred",
    "pred",
    "--out",
    "{d}/never",
]
RELEASE_CASES = [
    (["--request", "{d}/req.json", "--seed", "-1"], "--seed", "non-negative"),
    (
        ["--request", "{d}/req_mst.json", "--columns", "age", "--bins", "age=20,40"],
        "--bins age",
        "min 18, max 89",
    ),
    (
        ["--request", "{d}/req_mst.json", "--columns", "age", "--bins", "age=100,50,0"],
        "--bins age",
        "in increasing order",
    ),
    (
        ["--request", "{d}/req_mst.json", "--columns", "age", "--bins", "age=0,50,50,100"],
        "--bins age",
        "in increasing order",
    ),
    (["--request", "{d}/req_mst.json", "--columns", "age", "--bins", "age"], "--bins", "COLUMN="),
    (
        ["--request", "{d}/req_mst.json", "--columns", "age", "--bins", "age=a,b"],
        "--bins age",
        "numbers",
    ),
    (
        ["--request", "{d}/req_mst.json", "--columns", "age", "--bins", "age=0,inf"],
        "--bins age",
        "finite",
    ),
    (
        ["--request", "{d}/req_mst.json", "--columns", "age", "--bins", "age=0"],
        "--bins age",
        "at least two finite numbers",
    ),
    (
        [
            "--request",
            "{d}/req_mst.json",
            "--columns",
            "age",
            "--bins",
            "age=0,100",
            "--bins",
            "age=0,90",
        ],
        "--bins age",
        "twice",
    ),
    (["--request", "{d}/req_mst.json", "--columns", "age"], "'age'", "continuous column"),
    (
        ["--request", "{d}/req_mst.json", "--columns", "edu", "--bins", "age=0,100"],
        "--bins age",
        "not released",
    ),
    (["--request", "{d}/req_mst.json", "--columns", "income"], "--columns", "label or prediction"),
    (["--request", "{d}/req_mst.json", "--columns", "edu,edu"], "--columns", "repeated"),
    (["--request", "{d}/req_mst.json", "--columns", "nope"], "'nope'", "not in the audit data"),
    (["--request", "{d}/req.json", "--columns", "age"], "--columns", "GRR releases only"),
    (["--request", "{d}/req.json", "--bins", "age=0,100"], "--bins", "GRR releases only"),
]


@pytest.mark.parametrize("extra,flag,needle", RELEASE_CASES)
def test_bad_release_options(ws, capsys, extra, flag, needle):
    _refused(ws, capsys, REL + extra, flag, needle)
    assert not (ws / "never").exists()


@pytest.mark.parametrize(
    "argv,flag,needle",
    [
        (
            [
                "p2nia",
                "release",
                "--request",
                "{d}/req.json",
                "--data",
                "{d}/audit.csv",
                "--y-true",
                "income",
                "--y-pred",
                "sex",
                "--out",
                "{d}/never",
            ],
            "--y-pred",
            "must differ",
        ),
        (
            [
                "p2nia",
                "release",
                "--request",
                "{d}/req.json",
                "--data",
                "{d}/bad_pred.csv",
                "--y-true",
                "income",
                "--y-pred",
                "pred",
                "--seed",
                "0",
                "--out",
                "{d}/never",
            ],
            "'pred'",
            "0/1",
        ),
        (
            [
                "p2nia",
                "release",
                "--request",
                "{d}/req.json",
                "--data",
                "{d}/audit.csv",
                "--y-pred",
                "pred",
                "--out",
                "{d}/never",
            ],
            "--y-true",
            "need the label",
        ),
    ],
)
def test_bad_release_columns(ws, capsys, argv, flag, needle):
    _refused(ws, capsys, argv, flag, needle)


# ---------------------------------------------------------------- tampered, re-hashed manifests
def _tamper(ws, name, edit_manifest=None, edit_table=None, raw=None):
    """A copy of rel0 with the manifest and/or table edited and both hashes recomputed."""
    src, dst = ws / "rel0", ws / "tampered" / name
    dst.mkdir(parents=True, exist_ok=True)
    table = (src / "release.csv").read_text()
    manifest = json.loads((src / "manifest.json").read_text())
    if edit_table:
        table = edit_table(table)
    manifest["sha256"] = hashlib.sha256(table.encode()).hexdigest()
    if edit_manifest:
        edit_manifest(manifest)
    if isinstance(manifest, dict):
        manifest["manifest_sha256"] = _manifest_digest(manifest)
    (dst / "release.csv").write_text(table)
    (dst / "manifest.json").write_text(raw if raw is not None else json.dumps(manifest))
    return dst


def _set(path, value):
    def edit(m):
        node = m
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return edit


def _both(key, value):
    def edit(m):
        m[key] = value
        m["request"][key] = value

    return edit


def _grr_eps(col, eps):
    def edit(m):
        m["columns"][col]["epsilon"] = eps
        m["columns"][col]["keep_probability"] = keep_probability(eps, m["columns"][col]["k"])

    return edit


MANIFEST_CASES = [
    ("eps_top", _set(["epsilon"], 0.5), "epsilon", "differs from the request"),
    ("eps_both", _both("epsilon", 0.5), "columns", "per-column ε sum"),
    ("eps_bool", _both("epsilon", True), "epsilon", "not bool"),
    ("eps_str", _both("epsilon", "6"), "epsilon", "not str"),
    ("eps_huge", _both("epsilon", 1e308), "epsilon", "above"),
    ("eps_col", _grr_eps("Y_hat", 5.0), "columns", "per-column ε sum"),
    (
        "keep_p",
        _set(["columns", "Y_hat", "keep_probability"], 0.99),
        "keep_probability",
        "keep probability",
    ),
    ("mech_top", _set(["mechanism"], "mst"), "mechanism", "differs from the request"),
    ("record_eps", _set(["record_epsilon"], 1.0), "record_epsilon", "record-level ε must be"),
    ("accounting_top", _set(["accounting"], "per-column"), "accounting", "differs from the"),
    (
        "accounting_both",  # claims per-column while each column got ε/3
        _both("accounting", "per-column"),
        "columns.sex.epsilon",
        "flips every column at the full ε",
    ),
    ("mech_both", _both("mechanism", "mst"), "_privacy", "describe its budget"),
    # the request inside the manifest: its keys named there (estimate has no such options)
    ("mech_unknown", _both("mechanism", "laplace"), "mechanism in manifest", "unknown mechanism"),
    ("domain_str", _set(["request", "protected_domain"], "FM"), "--groups", "must be a list"),
    ("domain_col", _set(["columns", "sex", "domain"], "FM"), "columns.sex.domain", "list"),
    ("domain_k", _set(["columns", "sex", "k"], 3), "columns.sex.k", "k must equal"),
    ("delta", _both("delta", 0.5), "delta in manifest.json:request", "δ must be"),
    ("eps_tiny", _both("epsilon", 1e-8), "epsilon in manifest.json:request", "too small"),
    ("roles_list", _set(["roles"], ["sex", "Y", "Y_hat"]), "roles", "roles must be"),
    ("roles_label", _set(["roles", "label"], None), "roles", "roles must be"),
    ("columns_list", _set(["columns"], []), "columns", "must be an object"),
    ("rows", _set(["rows"], 999), "rows", "rows must equal"),
    ("request_list", _set(["request"], [1, 2]), "request", "JSON object"),
    ("no_columns", lambda m: m.pop("columns"), "manifest.json", "missing"),
    (
        "label_domain",
        _set(["columns", "Y", "domain"], [0, 2]),
        "columns.Y.domain",
        "domain must be",
    ),
    (
        "budget",
        _set(["budget"], {"this_release": 1.0, "cumulative_on_this_data": 1.0}),
        "budget",
        "contradicts",
    ),
]


@pytest.mark.parametrize("name,edit,field,needle", MANIFEST_CASES)
def test_tampered_manifests_with_recomputed_hashes(ws, capsys, name, edit, field, needle):
    rel = _tamper(ws, f"m_{name}", edit_manifest=edit)
    _refused(ws, capsys, ["p2nia", "estimate", str(rel), "--n-boot", "0"], field, needle)


TABLE_CASES = [
    ("yhat2", lambda t: t.replace(",1\n", ",2\n", 1), "'Y_hat'", "not 0/1"),
    ("group", lambda t: t.replace("\nF,", "\nX,", 1), "'sex'", "outside the manifest's domain"),
    (
        "extra_col",
        lambda t: "\n".join(line + ",0" for line in t.strip().split("\n")) + "\n",
        "release.csv",
        "columns",
    ),
    ("short", lambda t: "\n".join(t.strip().split("\n")[:-1]) + "\n", "release.csv", "rows"),
    ("empty_y", lambda t: t.replace(",1,", ",,", 1), "'Y'", "not 0/1"),
]


@pytest.mark.parametrize("name,edit,field,needle", TABLE_CASES)
def test_tampered_tables_with_recomputed_hashes(ws, capsys, name, edit, field, needle):
    rel = _tamper(ws, f"t_{name}", edit_table=edit)
    _refused(ws, capsys, ["p2nia", "estimate", str(rel), "--n-boot", "0"], field, needle)


@pytest.mark.parametrize(
    "raw,needle",
    [
        (
            '{"format": "ethiclens-p2nia-release/1", "epsilon": ' + "7" * 5000 + "}",
            "not valid JSON",
        ),
        ("[1, 2]", "JSON object"),
        ('{"format": "other"}', "unknown release format"),
        ("", "not valid JSON"),
    ],
)
def test_unreadable_manifests(ws, capsys, raw, needle):
    rel = _tamper(ws, f"raw_{abs(hash(raw))}", raw=raw)
    _refused(ws, capsys, ["p2nia", "estimate", str(rel), "--n-boot", "0"], needle)


@pytest.mark.parametrize(
    "extra,flag,needle",
    [
        (["--n-boot", "-1"], "--n-boot", "at least 100"),
        (["--n-boot", "1000000000"], "--n-boot", "at most"),
        (["--seed", "-1"], "--seed", "non-negative"),
    ],
)
def test_bad_estimate_options(ws, capsys, extra, flag, needle):
    _refused(ws, capsys, ["p2nia", "estimate", "{d}/rel0"] + extra, flag, needle)


EXP = [
    "p2nia",
    "experiment",
    "--models",
    "rf",
    "--mechanisms",
    "grr",
    "--repetitions",
    "1",
    "--out",
    "{d}/exp",
]


@pytest.mark.parametrize(
    "extra,flag,needle",
    [
        (["--sizes", "500,abc"], "--sizes", "not an integer"),
        (["--sizes", "5"], "--sizes", "in [10, 100,000,000]"),
        (["--sizes", "500,500"], "--sizes", "repeated"),
        (["--sizes", "500,,2000"], "--sizes", "empty item"),
        (["--epsilons", "0"], "--epsilons", "ε must be"),
        (["--epsilons", "1e308"], "--epsilons", "above"),
        (["--metric-epsilons", "nan"], "--metric-epsilons", "finite"),
        (["--workers", "-1"], "--workers", "from 1"),
        (["--workers", "0"], "--workers", "from 1"),
        (["--repetitions", "0"], "--repetitions", "repetitions"),
        (["--mechanisms", "grr,laplace"], "--mechanisms", "unknown mechanism"),
    ],
)
def test_bad_experiment_options(ws, capsys, extra, flag, needle):
    argv = list(EXP)
    for i in range(0, len(extra), 2):  # later options override the defaults above
        if extra[i] in argv:
            argv.pop(argv.index(extra[i]) + 1)
            argv.remove(extra[i])
    _refused(ws, capsys, argv + extra, flag, needle)
    assert not (ws / "exp").exists()


# ---------------------------------------------------------------- faults and budget
def _release_argv(ws, out, *extra):
    return [
        "p2nia",
        "release",
        "--request",
        str(ws / "req.json"),
        "--data",
        str(ws / "audit.csv"),
        "--y-true",
        "income",
        "--y-pred",
        "pred",
        "--seed",
        "1",
        "--out",
        str(out),
        *extra,
    ]


def _full_disk(monkeypatch, on=_protocol.MANIFEST):
    real = _protocol._write_file

    def writer(path, data):
        if Path(path).name == on:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, data)

    monkeypatch.setattr(_protocol, "_write_file", writer)


@pytest.mark.parametrize("on", [_protocol.TABLE, _protocol.MANIFEST])
def test_full_disk_leaves_no_half_release(tmp_path, ws, capsys, monkeypatch, on):
    _full_disk(monkeypatch, on)
    out = tmp_path / "rel"
    assert main(_release_argv(ws, out)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--out" in err and "disk is full" in err and "Fix:" in err
    assert not out.exists() and list(tmp_path.iterdir()) == []  # no temporary folder left


def test_full_disk_while_replacing_keeps_the_previous_release(tmp_path, ws, capsys, monkeypatch):
    out = tmp_path / "rel"
    assert main(_release_argv(ws, out)) == 0
    before = _snapshot(tmp_path)
    _full_disk(monkeypatch)
    assert main(_release_argv(ws, out, "--replace")) == 2
    assert "previous release is unchanged" in capsys.readouterr().err
    assert _snapshot(tmp_path) == before and [p.name for p in tmp_path.iterdir()] == ["rel"]


def test_replace_records_the_cumulative_budget(tmp_path, ws, capsys):
    out = tmp_path / "rel"
    assert main(_release_argv(ws, out, "--track-budget")) == 0
    first = json.loads((out / "manifest.json").read_text())
    assert first["budget"]["this_release"] == 6.0
    assert first["budget"]["cumulative_on_this_data"] == 6.0 and first["budget"]["releases"] == 1
    assert main(_release_argv(ws, out)) == 2  # a second release needs --replace
    assert "--replace" in capsys.readouterr().err
    assert main(_release_argv(ws, out, "--replace")) == 0  # tracking, once started, goes on
    second = json.loads((out / "manifest.json").read_text())
    assert second["budget"]["cumulative_on_this_data"] == 12.0
    assert second["budget"]["releases"] == 2
    assert "cumulative ε on this data 12" in capsys.readouterr().out
    assert main(["p2nia", "estimate", str(out), "--n-boot", "0"]) == 0  # still a valid release


def test_a_request_can_ask_for_budget_tracking(tmp_path, ws):
    req = tmp_path / "req.json"
    assert (
        main(
            [
                "p2nia",
                "request",
                "--n",
                "500",
                "--protected",
                "sex",
                "--epsilon",
                "2",
                "--track-budget",
                "--out",
                str(req),
            ]
        )
        == 0
    )
    out = tmp_path / "rel"
    assert (
        main(
            [
                "p2nia",
                "release",
                "--request",
                str(req),
                "--data",
                str(ws / "audit.csv"),
                "--y-true",
                "income",
                "--y-pred",
                "pred",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    budget = json.loads((out / "manifest.json").read_text())["budget"]
    assert budget["this_release"] == 2.0 and budget["cumulative_on_this_data"] == 2.0


def test_estimate_writes_json_and_html(tmp_path, ws):
    j, h = tmp_path / "e.json", tmp_path / "e.html"
    assert (
        main(
            [
                "p2nia",
                "estimate",
                str(ws / "rel0"),
                "--n-boot",
                "100",
                "--json",
                str(j),
                "--html",
                str(h),
            ]
        )
        == 0
    )
    assert set(json.loads(j.read_text())["metrics"]) == {"dp", "eo", "eopp"}
    assert "DP" in h.read_text() and "<table" in h.read_text()


def test_release_refuses_group_labels_the_audit_refuses(ws, tmp_path, capsys):
    data = tmp_path / "long.csv"
    frame = pd.read_csv(ws / "audit.csv")
    frame.loc[3, "sex"] = "F" * 257
    frame.to_csv(data, index=False)
    argv = _release_argv(ws, tmp_path / "rel")
    argv[argv.index("--data") + 1] = str(data)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "column 'sex'" in err and "1 group value(s) longer than 256 characters" in err
    assert "first at long.csv line 5" in err  # the file's line, as audit names it

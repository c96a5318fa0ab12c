"""Round 26 (P2NIA): every manifest field the estimate rests on is checked against what a
release could have written, so that a hand-edited manifest (its hashes recomputed) is refused
in words naming the key, the value and the fix, never estimated silently wrong:

- the label's and prediction's domains are the numbers [0, 1] (the text ['0', '1'] passed);
- GRR under record accounting flips every column at ε / k (an uneven split summing to ε moved
  the debiased DP from 0.019 to 0.031);
- an MST/AIM release spends its whole ρ on the charges its steps give (moving the selections'
  ρ onto the audit's marginal narrowed DP's interval from [0, 0.37] to [0.02, 0.29]; a ρ
  underspent, a deleted ``measured_marginals`` and a charge added twice were accepted), and
  uses the default δ where the request gave none;
- bins and ``open_ended`` only on an extra column, ``open_ended`` true and beside bins, the
  domain the bins' labels, ``open_ended_bins`` the open-ended columns (deleted: accepted);
- a budget record's count an integer from 1 (0, -2, 'x' and True were printed as "over 0
  releases"), its δ the release's, and present when the request asked to track it;
- the table's columns in the manifest's order; ``domain_source`` as the request implies.

On the release side, a missing value in an extra column is refused whatever rows the seed
draws, and a column that would hold one value (one bin) is refused naming its option, not by
the release's own manifest check ("ask the platform for the original release")."""

from __future__ import annotations

import hashlib
import json
import math
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import (
    _synth,
    estimate,
    keep_probability,
    make_request,
    read_release,
    release,
    write_release,
)
from ethiclens.p2nia._protocol import BUDGET_COMPOSITION, _manifest_digest

from .conftest import audit_frame


def _data(n=1500, seed=0):
    return audit_frame(
        n,
        seed,
        age=lambda rng, n: rng.uniform(18, 80, n),
        edu=lambda rng, n: rng.choice(["a", "b", "c"], n),
    )


def _write(tmp, name, request, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(request, _data(), "y", "pred", random_state=0, **kw)
    out = tmp / name
    write_release(rel, out)
    return out


@pytest.fixture(scope="module")
def folders(tmp_path_factory, monkeypatch_module):
    tmp = tmp_path_factory.mktemp("rel")
    monkeypatch_module.setattr(_synth, "AIM_MAX_ROUNDS", 4)  # a quick AIM, annealing and all
    kw = {"protected_domain": ["F", "M"]}
    return {
        "grr": _write(tmp, "grr", make_request(500, "sex", epsilon=3, **kw)),
        "grr_tracked": _write(
            tmp, "grr_tracked", make_request(500, "sex", epsilon=3, track_budget=True, **kw)
        ),
        "grr_groups": _write(tmp, "grr_groups", make_request(500, "sex", epsilon=3)),
        "mst": _write(
            tmp,
            "mst",
            make_request(500, "sex", epsilon=1, mechanism="mst", **kw),
            columns=["age", "edu"],
            discretization={"age": [20, 40, 60, 70]},
            open_bins=True,
        ),
        "aim": _write(
            tmp, "aim", make_request(500, "sex", epsilon=1, mechanism="aim", **kw), columns=["edu"]
        ),
    }


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as mp:
        yield mp


def _tampered(src, tmp_path, edit, table=None):
    """A copy of the release ``src`` with ``edit`` applied to its manifest (and ``table`` to
    its table's text), both hashes recomputed: only the fields' consistency can refuse it."""
    out = tmp_path / "tampered"
    out.mkdir()
    text = (src / "release.csv").read_text()
    text = table(text) if table else text
    (out / "release.csv").write_text(text)
    manifest = json.loads((src / "manifest.json").read_text())
    edit(manifest)
    manifest["sha256"] = hashlib.sha256(text.encode()).hexdigest()
    manifest["manifest_sha256"] = _manifest_digest(manifest)
    (out / "manifest.json").write_text(json.dumps(manifest))
    return out


def _refused_on_both_faces(out, key, words, capsys):
    with pytest.raises(EthicLensInputError) as exc:
        estimate(read_release(out), n_boot=100)
    text, where = str(exc.value), f"manifest.json:{key}'" if key else "'manifest.json'"
    assert where in text and words in text, text
    assert "ask the platform for the original release" in text, text
    assert main(["p2nia", "estimate", str(out), "--n-boot", "100"]) == 2
    err = capsys.readouterr().err
    assert where in err and words in err and "Traceback" not in err, err


def _set(*path, value):
    def edit(m):
        for key in path[:-1]:
            m = m[key]
        m[path[-1]] = value

    return edit


def _split(m):
    """ε = 3 over three GRR columns as 0.5 + 1.25 + 1.25, keep probabilities to match."""
    for name, eps in (("sex", 0.5), ("Y", 1.25), ("Y_hat", 1.25)):
        m["columns"][name]["epsilon"] = eps
        m["columns"][name]["keep_probability"] = keep_probability(eps, 2)


def _budget(releases, cumulative=3.0, **more):
    record = {"this_release": 3.0, "cumulative_on_this_data": cumulative, "releases": releases}
    return _set("budget", value={**record, "composition": BUDGET_COMPOSITION, **more})


def _swap_first_columns(text):
    lines = [line.split(",") for line in text.splitlines()]
    return "\n".join(",".join([r[1], r[0], *r[2:]]) for r in lines) + "\n"


GRR = {
    "Y domain as text": (_set("columns", "Y", "domain", value=["0", "1"]), "columns.Y.domain", "["),
    "Y_hat domain as text": (
        _set("columns", "Y_hat", "domain", value=["0", "1"]),
        "columns.Y_hat.domain",
        "numbers, not text",
    ),
    "k a float": (_set("columns", "sex", "k", value=2.0), "columns.sex.k", "2.0"),
    "bins on the protected column": (
        _set("columns", "sex", "bins", value=[0, 1, 2]),
        "columns.sex.bins",
        "not a released role",
    ),
    "uneven split": (_split, "columns.sex.epsilon", "evenly"),
    "releases 0": (_budget(0), "budget.releases", "(value: 0)"),
    "releases text": (_budget("x"), "budget.releases", "'x'"),
    "releases true": (_budget(True), "budget.releases", "True"),
    "one release, more spent": (_budget(1, 9.0), "budget.cumulative_on_this_data", "9.0"),
    "two releases, one spent": (_budget(2, 3.0), "budget.cumulative_on_this_data", "exceeds"),
    "budget composition": (
        _budget(1, composition="advanced composition"),
        "budget.composition",
        "advanced",
    ),
    "composition text": (
        _set("columns", "_composition", value="the record is 0.1-LDP"),
        "columns._composition",
        "0.1-LDP",
    ),
    "library deleted": (lambda m: m.pop("library"), "", "required keys are missing: library"),
    "library not ours": (_set("library", value=["x"]), "library", "['x']"),
    "library markup": (_set("library", value="ethiclens <img>"), "library", "<img>"),
    "a delta in GRR's budget": (
        _budget(2, 6.0, this_release_delta=1e-6),
        "budget.this_release_delta",
        "1e-06",
    ),
}


@pytest.mark.parametrize("name", sorted(GRR))
def test_a_grr_manifest_field_no_release_writes_is_refused(folders, tmp_path, capsys, name):
    edit, key, words = GRR[name]
    _refused_on_both_faces(_tampered(folders["grr"], tmp_path, edit), key, words, capsys)


@pytest.mark.parametrize("key", ["metrics", "track_budget", "accounting", "delta", "format"])
def test_a_key_deleted_from_the_manifests_request_is_no_default(folders, tmp_path, capsys, key):
    """A release writes the whole request: a key deleted is refused, not read as its default
    (metrics: all three, widening an eopp-only release; track_budget: no record required)."""
    out = _tampered(folders["grr_tracked"], tmp_path, lambda m: m["request"].pop(key))
    _refused_on_both_faces(out, "request", f"lacks the key(s) {key}, which", capsys)


@pytest.mark.parametrize("key", ["accounting", "record_epsilon", "domain_source"])
def test_a_top_level_key_deleted_is_no_default(folders, tmp_path, capsys, key):
    out = _tampered(folders["grr"], tmp_path, lambda m: m.pop(key))
    with pytest.raises(EthicLensInputError, match=rf"required keys are missing: {key}\."):
        estimate(read_release(out), n_boot=100)
    assert main(["p2nia", "estimate", str(out), "--n-boot", "100"]) == 2
    assert key in capsys.readouterr().err


def test_a_deleted_budget_record_is_refused_when_the_request_tracks_it(folders, tmp_path, capsys):
    out = _tampered(folders["grr_tracked"], tmp_path, lambda m: m.pop("budget"))
    _refused_on_both_faces(out, "budget", "track the budget", capsys)


def test_a_domain_source_that_contradicts_the_request_is_refused(folders, tmp_path, capsys):
    out = _tampered(folders["grr_groups"], tmp_path, _set("domain_source", value="request"))
    _refused_on_both_faces(out, "domain_source", "'request'", capsys)


def test_a_table_whose_columns_are_reordered_is_refused(folders, tmp_path, capsys):
    out = _tampered(folders["grr"], tmp_path, lambda m: None, _swap_first_columns)
    with pytest.raises(EthicLensInputError, match=r"release.csv.*in its order"):
        estimate(read_release(out), n_boot=100)
    assert main(["p2nia", "estimate", str(out), "--n-boot", "100"]) == 2


def _move_selections(priv):
    moved = sum(rho for what, rho in priv["charges"] if what.startswith("select "))
    for charge in priv["charges"]:
        if charge[0].startswith("select "):
            charge[1] = 1e-12
        if charge[0] == "measure ('sex', 'Y', 'Y_hat')":
            charge[1] += moved - 2e-12


def _underspend(priv):
    priv["rho_spent"] /= 100
    for charge in priv["charges"]:
        charge[1] /= 100


def _charge_twice(priv):
    priv.pop("measured_marginals")
    priv["charges"].append(["measure ('sex', 'Y', 'Y_hat')", 1e-12])
    priv["charges"][0][1] -= 1e-12


def _privacy(edit):
    return lambda m: edit(m["columns"]["_privacy"])


def _forge_delta(m):
    """δ = 1e-5 where the request gave none (the default 1e-9 was used), every ρ to match."""
    priv, delta = m["columns"]["_privacy"], 1e-5
    scale = _synth.cdp_rho(1.0, delta) / priv["zcdp_rho"]
    m["delta"] = priv["delta"] = delta
    priv["zcdp_rho"] = _synth.cdp_rho(1.0, delta)
    priv["rho_spent"] *= scale
    for charge in priv["charges"]:
        charge[1] *= scale


MST = {
    "selections moved onto the audit's marginal": (
        _privacy(_move_selections),
        "columns._privacy.charges[5]",
        "MST's steps",
    ),
    "rho underspent": (_privacy(_underspend), "columns._privacy.rho_spent", "whole budget"),
    "measured_marginals deleted": (
        _privacy(_charge_twice),
        "columns._privacy.measured_marginals",
        "list of lists",
    ),
    "forced marginals changed": (
        _privacy(lambda p: p.__setitem__("forced_marginals", [["sex", "Y_hat"]])),
        "columns._privacy.forced_marginals",
        "forces the audit's marginals",
    ),
    "a default delta forged": (_forge_delta, "columns._privacy.delta", "default δ = 1e-09"),
    "conversion": (
        _privacy(lambda p: p.__setitem__("conversion", "ε = ρ")),
        "columns._privacy.conversion",
        "'ε = ρ'",
    ),
    "random pairs repeated": (
        _privacy(lambda p: p.__setitem__("random_2way_marginals", [["sex", "age"]] * 9)),
        "columns._privacy.random_2way_marginals",
        "distinct pairs",
    ),
    "open_ended on a category": (
        _set("columns", "edu", "open_ended", value=True),
        "columns.edu.open_ended",
        "only beside a column's bins",
    ),
    "open_ended false": (
        _set("columns", "age", "open_ended", value=False),
        "columns.age.open_ended",
        "False",
    ),
    "open_ended_bins names another column": (
        _set("open_ended_bins", value=["edu"]),
        "open_ended_bins",
        "['age']",
    ),
    "open_ended_bins deleted": (lambda m: m.pop("open_ended_bins"), "open_ended_bins", "['age']"),
    "bins under a category": (
        _set("columns", "edu", "bins", value=[0, 1, 2, 3]),
        "columns.edu.domain",
        "bins' labels",
    ),
}


@pytest.mark.parametrize("name", sorted(MST))
def test_an_mst_manifest_field_no_release_writes_is_refused(folders, tmp_path, capsys, name):
    edit, key, words = MST[name]
    _refused_on_both_faces(_tampered(folders["mst"], tmp_path, edit), key, words, capsys)


def _aim_rounds_moved(priv):
    """ρ moved from the first round's selection onto its measurement (total unchanged)."""
    first = next(i for i, (what, _) in enumerate(priv["charges"]) if what.startswith("select "))
    priv["charges"][first + 1][1] += priv["charges"][first][1] / 2
    priv["charges"][first][1] /= 2


def test_an_aim_charge_its_steps_cannot_give_is_refused(folders, tmp_path, capsys):
    out = _tampered(folders["aim"], tmp_path, _privacy(_aim_rounds_moved))
    first = next(
        i
        for i, (w, _) in enumerate(
            json.loads((out / "manifest.json").read_text())["columns"]["_privacy"]["charges"]
        )
        if w.startswith("select ")
    )
    _refused_on_both_faces(out, f"columns._privacy.charges[{first}]", "AIM's steps", capsys)


@pytest.mark.parametrize("name", ["grr", "grr_tracked", "grr_groups", "mst", "aim"])
def test_the_untampered_releases_still_estimate(folders, name):
    est = estimate(read_release(folders[name]), n_boot=100)
    assert est.values["dp"]["value"] is not None and math.isfinite(est.values["dp"]["value"])


def test_a_missing_extra_value_is_refused_whatever_rows_the_seed_draws(tmp_path):
    data = _data(40)
    data.loc[4, "age"] = np.nan
    req = make_request(20, "sex", epsilon=1, mechanism="mst", protected_domain=["F", "M"])
    # seed 1 leaves row 4 out of the 20 drawn; it was released from the 20 others
    assert 4 not in np.random.default_rng(1).choice(40, 20, replace=False)
    with pytest.raises(EthicLensInputError, match=r"1 missing value\(s\), first at row 4"):
        release(
            req,
            data,
            "y",
            "pred",
            columns=["age"],
            discretization={"age": [0, 50, 100]},
            random_state=1,
        )


def test_a_single_bin_is_refused_naming_its_option(tmp_path, capsys):
    data = _data(200)
    data.to_csv(tmp_path / "data.csv", index=False)
    req = make_request(50, "sex", epsilon=1, mechanism="mst", protected_domain=["F", "M"])
    with pytest.raises(EthicLensInputError) as exc:
        release(req, data, "y", "pred", columns=["age"], discretization={"age": [0, 100]})
    assert "single bin" in str(exc.value) and "discretization['age']" in str(exc.value)
    (tmp_path / "req.json").write_text(json.dumps(req.to_dict()))
    args = ["p2nia", "release", "--request", str(tmp_path / "req.json"), "--data"]
    args += [str(tmp_path / "data.csv"), "--y-true", "y", "--y-pred", "pred", "--columns", "age"]
    args += ["--bins", "age=0,100", "--out", str(tmp_path / "out")]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "--bins age" in err and "single bin" in err and "original release" not in err, err


def test_a_subnormal_delta_is_not_refused_as_an_infinite_epsilon_floor():
    """δ = 1e-320 is in (0, 0.001]: its ρ is about 3.4e-4 at ε = 1 (log(1/δ) overflowed to inf:
    ρ was NaN and the request refused with 'give ε >= inf')."""
    req = make_request(20, "sex", epsilon=1, mechanism="mst", delta=1e-320)
    assert req.delta == 1e-320
    assert 3e-4 < _synth.cdp_rho(1.0, 1e-320) < 4e-4
    assert math.isfinite(_synth.min_epsilon(1e-320))


def test_open_bins_without_bins_is_refused_not_ignored(tmp_path, capsys):
    """``--open-bins`` (``open_bins``) binned nothing and was ignored, GRR's as MST's; a text
    ``open_bins="no"`` was read as true."""
    data = _data(200)
    data.to_csv(tmp_path / "data.csv", index=False)
    req = make_request(50, "sex", epsilon=3, protected_domain=["F", "M"])
    with pytest.raises(EthicLensInputError, match=r"argument 'open_bins'.*with discretization"):
        release(req, data, "y", "pred", open_bins=True)
    with pytest.raises(EthicLensInputError, match=r"argument 'open_bins': must be true or false"):
        release(req, data, "y", "pred", open_bins="no")
    (tmp_path / "req.json").write_text(json.dumps(req.to_dict()))
    args = ["p2nia", "release", "--request", str(tmp_path / "req.json"), "--data"]
    args += [str(tmp_path / "data.csv"), "--y-true", "y", "--y-pred", "pred", "--open-bins"]
    assert main([*args, "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "option '--open-bins'" in err and "drop --open-bins" in err, err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["Y", "Y_hat", "_group"])
def test_a_protected_column_named_as_a_role_or_a_record_is_refused(tmp_path, capsys, name):
    """A protected column named Y was overwritten by the label in the released table (its
    groups lost), then refused as a damaged manifest; MST crashed ('Attributes must be
    unique'); one named '_group' was taken for the manifest's own records."""
    with pytest.raises(EthicLensInputError, match=r"argument 'protected'.*lost or misread"):
        make_request(20, name, epsilon=1, mechanism="mst")
    out = str(tmp_path / "req.json")
    assert (
        main(["p2nia", "request", "--n", "20", "--protected", name, "--epsilon", "1", "--out", out])
        == 2
    )
    assert "option '--protected'" in capsys.readouterr().err


def test_an_extra_column_named_as_a_record_is_refused():
    data = _data(100)
    data["_privacy"] = data["edu"]
    req = make_request(20, "sex", epsilon=1, mechanism="mst", protected_domain=["F", "M"])
    with pytest.raises(EthicLensInputError, match=r"argument 'columns'.*starting with '_'"):
        release(req, data, "y", "pred", columns=["_privacy"])


def test_a_tampered_release_being_replaced_is_no_budget_base(tmp_path, capsys):
    """``--replace --track-budget`` added to whatever the old manifest said: a cumulative ε
    edited to 0.001 (hash not even recomputed) became 3.001 over 2 releases, not 6."""
    data = _data(200)
    data.to_csv(tmp_path / "data.csv", index=False)
    req = make_request(50, "sex", epsilon=3, protected_domain=["F", "M"], track_budget=True)
    (tmp_path / "req.json").write_text(json.dumps(req.to_dict()))
    out = tmp_path / "rel"
    args = ["p2nia", "release", "--request", str(tmp_path / "req.json"), "--data"]
    args += [str(tmp_path / "data.csv"), "--y-true", "y", "--y-pred", "pred", "--out", str(out)]
    assert main(args) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["budget"]["cumulative_on_this_data"] = 0.001
    for rehash in (False, True):
        if rehash:
            manifest["manifest_sha256"] = _manifest_digest(manifest)
        (out / "manifest.json").write_text(json.dumps(manifest))
        capsys.readouterr()
        assert main([*args, "--replace"]) == 2
        err = capsys.readouterr().err
        assert "option '--out': cannot read the budget of the release being replaced" in err
        assert ("SHA-256" if not rehash else "contradicts the release's ε") in err, err
    assert json.loads((out / "manifest.json").read_text()) == manifest  # left as it was


def test_a_value_without_an_interval_does_not_state_an_interval_method():
    """Too many undefined replicates: the value is shown without an interval, and its
    ``ci_method`` named the bootstrap as if it had given one; it now says it was not reported,
    as the audit's own intervals say it."""
    from ethiclens.fairness import Policy

    rng = np.random.default_rng(0)
    n = 3000
    data = pd.DataFrame(
        {
            "sex": rng.choice(["F", "M"], n, p=[0.97, 0.03]),
            "y": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
        }
    )
    req = make_request(300, "sex", protected_domain=["F", "M"], epsilon=6.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, data, "y", "pred", random_state=4)
    est = estimate(rel, n_boot=200, policy=Policy(min_group_size=1, min_label_count=1))
    eo = est.values["eo"]
    assert eo["value"] is not None and eo["ci_low"] is None and "no interval" in eo["reason"]
    assert eo["ci_method"].endswith(": not reported, 4 of 200 replicates undefined (2.0%)"), eo

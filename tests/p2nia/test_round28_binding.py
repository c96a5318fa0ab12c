"""Round 28 (P2NIA): the digests a release carries bind what is estimated from it.

A release read from its folder carries its manifest's own SHA-256 (``manifest_sha256``) and
its table's (``sha256``); the estimate records both as the fingerprint that ties it to the
release. A release changed in memory after it was read (its groups renamed, its request's
groups changed to match another request, its table's rows edited) was estimated and recorded
the original fingerprint, and ``record_inputs`` then matched the untouched folder: an estimate
of other groups claimed the release it did not come from. Now it is refused, naming what
differs from what the digests cover; a release made in memory (no digests yet) is estimated as
before."""

from __future__ import annotations

import copy
import warnings

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import _synth, estimate, make_request, read_release, release, write_release

from .conftest import audit_frame


def _data(n=3000, seed=0):
    return audit_frame(
        n,
        seed,
        age=lambda rng, n: rng.integers(18, 80, n),
        job=lambda rng, n: rng.choice(["a, b", 'say "c"', " d"], n),
    )


def _written(tmp_path, mechanism="grr", groups=("F", "M"), **options):
    kw = {"delta": 1e-6} if mechanism != "grr" else {}
    req = make_request(
        500, "sex", epsilon=3, mechanism=mechanism, protected_domain=list(groups), **kw
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, _data(), "y", "pred", random_state=0, **options)
    return write_release(rel, tmp_path / mechanism)


def _renamed(rel):
    rel = copy.deepcopy(rel)
    rel.table["sex"] = rel.table["sex"].map({"F": "A", "M": "B"})
    rel.manifest["columns"]["sex"]["domain"] = ["A", "B"]
    rel.manifest["request"]["protected_domain"] = ["A", "B"]
    return rel


def test_groups_renamed_in_memory_are_refused_naming_them(tmp_path):
    out = _written(tmp_path)
    rel = read_release(out)
    with pytest.raises(EthicLensInputError) as exc:
        estimate(_renamed(rel), n_boot=0)
    text = str(exc.value)
    assert "columns.sex.domain" in text and "request.protected_domain" in text, text
    assert "manifest_sha256" in text and "read_release" in text, text
    # and the other request's groups, which matched the renamed copy's, do not pass it
    other = make_request(500, "sex", epsilon=3, protected_domain=["A", "B"])
    with pytest.raises(EthicLensInputError, match="columns.sex.domain"):
        estimate(_renamed(rel), request=other, n_boot=0)
    # the release as read still estimates, and records the folder's fingerprint
    est = estimate(rel, n_boot=0).record_inputs(out)
    assert est.run["input"]["manifest_sha256"] == rel.manifest["manifest_sha256"]


def test_a_table_edited_in_memory_is_refused_naming_its_column(tmp_path):
    rel = read_release(_written(tmp_path))
    rel.table.loc[0, "sex"] = "M" if rel.table.loc[0, "sex"] == "F" else "F"
    with pytest.raises(EthicLensInputError) as exc:
        estimate(rel, n_boot=0)
    text = str(exc.value)
    assert "release.csv" in text and "its column(s) sex" in text and "sha256" in text, text


@pytest.mark.parametrize("mechanism", ["grr", "mst"])
def test_releases_as_read_still_estimate(tmp_path, mechanism):
    # text labels with commas, quotes and a leading space: the table's digest is recomputed
    # from the table as read, byte for byte
    options = {}
    if mechanism == "mst":
        options = {"columns": ["age", "job"], "discretization": {"age": [0, 30, 60, 100]}}
    rel = read_release(_written(tmp_path, mechanism, **options))
    assert estimate(rel, n_boot=0).values["dp"]["value"] is not None
    assert estimate(copy.deepcopy(rel), n_boot=0).values["dp"]["value"] is not None


def test_a_release_made_in_memory_is_estimated_as_before():
    req = make_request(500, "sex", epsilon=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, _data(), "y", "pred", random_state=0)
    renamed = _renamed(rel)  # no digests yet: nothing they could have covered
    renamed.manifest["request"]["protected_domain"] = None
    est = estimate(renamed, n_boot=0)
    assert [g["group"] for g in est.groups] == ["A", "B"]
    assert est.run["input"]["manifest_sha256"] is None


def test_the_cli_reads_the_folder_afresh(tmp_path, capsys):
    out = _written(tmp_path)
    assert main(["p2nia", "estimate", str(out), "--n-boot", "0"]) == 0


# ---------------------------------------------------------------------------------------------
# The phantom-group check runs for every mechanism (issue: it ran for GRR only).


def _with_phantom(out):
    import json

    from ethiclens.p2nia import get_mechanism
    from ethiclens.p2nia._protocol import _manifest_digest

    m = json.loads((out / "manifest.json").read_text())
    col = m["columns"]["sex"]
    col["domain"].append("X")
    col["k"] = 3
    m["request"]["protected_domain"].append("X")
    if m["mechanism"] == "grr":
        from ethiclens.p2nia import keep_probability

        col["keep_probability"] = keep_probability(col["epsilon"], 3)
    m["manifest_sha256"] = _manifest_digest(m)
    (out / "manifest.json").write_text(json.dumps(m))
    assert get_mechanism(m["mechanism"])
    return out


@pytest.mark.parametrize("mechanism", ["mst", "aim"])
def test_a_synthetic_release_says_no_released_row_holds_a_phantom_group(
    tmp_path, mechanism, monkeypatch
):
    # a synthetic table may hold none of a group the data has few rows of: no refusal, but
    # every metric it leaves undefined says so in the words of GRR's refusal (AIM in 2 rounds,
    # not 20: the words do not depend on them, and 20 took 3.3 s of CPU against 0.8)
    monkeypatch.setattr(_synth, "AIM_MAX_ROUNDS", 2)
    est = estimate(read_release(_with_phantom(_written(tmp_path, mechanism))), n_boot=0)
    for name, v in est.values.items():
        assert v["status"] == "UNDEFINED", (name, v)
        assert "no released row holds the group X" in v["reason"], v["reason"]
        assert "added to the manifest after the release" in v["reason"], v["reason"]


def test_a_custom_mechanism_with_a_floor_is_refused_in_the_same_words(tmp_path):
    from ethiclens.p2nia import MST, register_mechanism, unregister_mechanism

    class Floored(MST):
        name = "floored"

        def group_floor(self, manifest):
            return 0.1, "its own rule"

    register_mechanism(Floored())
    try:
        out = _written(tmp_path, "mst")
        import json

        from ethiclens.p2nia._protocol import _manifest_digest

        m = json.loads((out / "manifest.json").read_text())
        m["mechanism"] = m["request"]["mechanism"] = "floored"
        m["manifest_sha256"] = _manifest_digest(m)
        (out / "manifest.json").write_text(json.dumps(m))
        with pytest.raises(EthicLensInputError) as exc:
            read_release(_with_phantom(out))
        text = str(exc.value)
        assert "no released row holds the group X: FLOORED reports each of the 500" in text
        assert "(its own rule)" in text and "manifest.json:columns.sex.domain" in text, text
    finally:
        unregister_mechanism("floored")


def test_grr_at_a_large_epsilon_says_it_too(tmp_path):
    req = make_request(500, "sex", epsilon=60, accounting="per-column", protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = write_release(release(req, _data(), "y", "pred", random_state=0), tmp_path / "g")
    est = estimate(read_release(_with_phantom(out)), n_boot=0)
    assert "no released row holds the group X" in est.values["dp"]["reason"], est.values

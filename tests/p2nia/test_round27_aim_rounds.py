"""Round 27 (P2NIA): an AIM manifest states its number of adaptive rounds (``_privacy.rounds``)
and its budget charges are replayed against it exactly. Before, the rounds were only inferred
from the first round's charge (0.45·ρ/rounds) and checked to be at least the rounds measured,
so a manifest whose later rounds were folded into one large final measurement (hashes
recomputed; the sum of the charges unchanged) was accepted: the estimate drew its measurement
noise from that final charge and reported intervals narrower than the release's noise.

AIM ends early only once what is left cannot pay for two more rounds (at most twice a round's
charges, four times them once the noise is halved); any other early end is refused, naming the
charge, as is a round that continues past that point, a missing or odd ``rounds``, rounds other
than the cap of the build that reads it (a manifest claiming one round could fold every round
into it), and a first round's charge that is not 0.45·ρ/rounds."""

from __future__ import annotations

import ast
import hashlib
import json
import warnings

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import _synth, estimate, make_request, read_release, release, write_release
from ethiclens.p2nia._protocol import _manifest_digest

ROUNDS = 10  # a quick AIM whose later rounds cannot be told apart from an annealed early end


@pytest.fixture(scope="module", autouse=True)
def _rounds():
    with pytest.MonkeyPatch.context() as mp:  # a release of a build whose cap is ROUNDS
        mp.setattr(_synth, "AIM_MAX_ROUNDS", ROUNDS)
        yield


@pytest.fixture(scope="module")
def aim(tmp_path_factory, _rounds):
    rng = np.random.default_rng(0)
    n = 1500
    y = rng.integers(0, 2, n)
    data = pd.DataFrame(
        {
            "sex": rng.choice(["F", "M"], n),
            "y": y,
            "pred": np.where(rng.random(n) < 0.8, y, 1 - y),
            "edu": rng.choice(["a", "b", "c"], n),
        }
    )
    req = make_request(500, "sex", epsilon=1, mechanism="aim", protected_domain=["F", "M"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rel = release(req, data, "y", "pred", random_state=0, columns=["edu"])
    out = tmp_path_factory.mktemp("aim") / "rel"
    write_release(rel, out)
    return out


def _tampered(src, tmp_path, edit):
    out = tmp_path / "tampered"
    out.mkdir()
    text = (src / "release.csv").read_text()
    (out / "release.csv").write_text(text)
    manifest = json.loads((src / "manifest.json").read_text())
    edit(manifest["columns"]["_privacy"])
    manifest["sha256"] = hashlib.sha256(text.encode()).hexdigest()
    manifest["manifest_sha256"] = _manifest_digest(manifest)
    (out / "manifest.json").write_text(json.dumps(manifest))
    return out


def _first_round(priv) -> int:
    return next(i for i, (what, _) in enumerate(priv["charges"]) if what.startswith("select "))


def _refused(out, key, words):
    with pytest.raises(EthicLensInputError) as exc:
        estimate(read_release(out), n_boot=100)
    text = str(exc.value)
    assert f"manifest.json:{key}'" in text and words in text, text
    assert "ask the platform for the original release" in text


def test_the_release_states_its_rounds_and_estimates(aim):
    priv = json.loads((aim / "manifest.json").read_text())["columns"]["_privacy"]
    assert priv["rounds"] == ROUNDS
    assert estimate(read_release(aim), n_boot=100).values["dp"]["value"] is not None


def _folded(priv):
    """Every round after the first folded into one final measurement (the total unchanged)."""
    first = _first_round(priv)
    charges, rho = priv["charges"], priv["zcdp_rho"]
    kept = charges[: first + 2]
    left = rho - sum(r for _, r in kept)
    what = charges[-1][0]
    clique = what.removeprefix("measure ")
    kept += [[f"select {clique}", 0.1 * left], [what, 0.9 * left]]
    priv["charges"] = kept
    priv["rho_spent"] = sum(r for _, r in kept)
    d = len(priv["measured_marginals"]) - (len(charges) - first) // 2
    priv["measured_marginals"] = priv["measured_marginals"][: d + 1] + [
        list(ast.literal_eval(clique))
    ]


def test_rounds_folded_into_an_early_final_measurement_are_refused(aim, tmp_path):
    priv = json.loads((aim / "manifest.json").read_text())["columns"]["_privacy"]
    out = _tampered(aim, tmp_path, _folded)
    _refused(out, f"columns._privacy.charges[{_first_round(priv) + 2}]", "comes early")


@pytest.mark.parametrize("value", [0, 2.0, "10", True])
def test_an_odd_rounds_is_refused(aim, tmp_path, value):
    _refused(
        _tampered(aim, tmp_path, lambda priv: priv.update(rounds=value)),
        "columns._privacy.rounds",
        "rounds",
    )


def test_a_release_written_before_rounds_were_stated_is_replayed_against_the_cap(aim, tmp_path):
    # releases of earlier builds carry no 'rounds' (their cap was the same): they still estimate,
    # and their charges are replayed exactly, so folded rounds are refused all the same
    (tmp_path / "old").mkdir()
    (tmp_path / "folded").mkdir()
    old = _tampered(aim, tmp_path / "old", lambda priv: priv.pop("rounds"))
    assert estimate(read_release(old), n_boot=100).values["dp"]["value"] is not None

    def folded_old(priv):
        _folded(priv)
        priv.pop("rounds")

    first = _first_round(json.loads((aim / "manifest.json").read_text())["columns"]["_privacy"])
    _refused(
        _tampered(aim, tmp_path / "folded", folded_old),
        f"columns._privacy.charges[{first + 2}]",
        "comes early",
    )


def test_rounds_other_than_the_builds_cap_are_refused(aim, tmp_path):
    # one round claimed, every round folded into it: a run of AIM at a cap of 1, not this one
    def folded_into_one(priv):
        first = _first_round(priv)
        charges, rho = priv["charges"], priv["zcdp_rho"]
        left = rho - sum(r for _, r in charges[:first])
        what = charges[-1][0]
        clique = what.removeprefix("measure ")
        priv["charges"] = charges[:first] + [[f"select {clique}", 0.1 * left], [what, 0.9 * left]]
        priv["rho_spent"] = sum(r for _, r in priv["charges"])
        d = len(priv["measured_marginals"]) - (len(charges) - first) // 2
        marginals = priv["measured_marginals"][:d] + [list(ast.literal_eval(clique))]
        priv.update(rounds=1, measured_marginals=marginals)

    for edit in (lambda p: p.update(rounds=ROUNDS + 1), folded_into_one):
        out = _tampered(aim, tmp_path, edit)
        _refused(out, "columns._privacy.rounds", f"runs {ROUNDS} adaptive rounds")
        (out / "manifest.json").unlink()
        (out / "release.csv").unlink()
        out.rmdir()


def test_the_charges_are_replayed_against_the_rounds(aim, tmp_path, monkeypatch):
    # a build whose cap is one more: the first round's charge is not 0.45·ρ/(ROUNDS + 1)
    monkeypatch.setattr(_synth, "AIM_MAX_ROUNDS", ROUNDS + 1)
    priv = json.loads((aim / "manifest.json").read_text())["columns"]["_privacy"]
    out = _tampered(aim, tmp_path, lambda p: p.update(rounds=ROUNDS + 1))
    _refused(out, f"columns._privacy.charges[{_first_round(priv)}]", f"0.45·ρ/{ROUNDS + 1}")

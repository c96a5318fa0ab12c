"""Round 47 (review of 02130390, sibling of its ':g' fix): the record-level ε of per-column
accounting is k·ε, a product with a float's noise: ε = 0.1 over 3 columns was stated as
'record-level ε = 0.30000000000000004' in the release's summary and the estimate's basis.
And the manifest's columns._composition still used ':g' ('the record is 1.23457-LDP' for
ε = 1.2345678). Each now reads as the number it is (p2nia._common.sum_text): 0.3; 0.4115226
each, 1.2345678-LDP. A release written before (its composition in ':g') still verifies."""

import json
import warnings

from ethiclens.p2nia import estimate, make_request, read_release, release, write_release
from ethiclens.p2nia._protocol import _manifest_digest

from .conftest import audit_frame


def _release(epsilon, accounting):
    req = make_request(
        100, "sex", epsilon=epsilon, protected_domain=["F", "M"], accounting=accounting
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # seeded: said elsewhere
        return release(req, audit_frame(200, 0), "y", "pred", random_state=0)


def test_a_record_level_epsilon_reads_without_float_noise(tmp_path):
    rel = _release(0.1, "per-column")  # dp, eo, eopp: 3 columns
    assert rel.manifest["record_epsilon"] == 0.1 * 3 != 0.3
    assert "record-level ε = 0.3)" in rel.summary(tmp_path), rel.summary(tmp_path)
    assert "record-level ε = 0.3)" in estimate(rel, n_boot=0).basis
    assert "the record is 0.3-LDP" in rel.manifest["columns"]["_composition"]


def test_the_composition_states_epsilon_as_given_and_old_ones_still_verify(tmp_path):
    rel = _release(1.2345678, "record")
    said = rel.manifest["columns"]["_composition"]
    assert "ε = 0.4115226 each" in said and "the record is 1.2345678-LDP" in said, said
    out = tmp_path / "rel"
    write_release(rel, out)
    path = out / "manifest.json"
    m = json.loads(path.read_text())  # as a release before round 47 wrote it
    m["columns"]["_composition"] = said.replace("0.4115226", "0.411523").replace(
        "1.2345678-LDP", "1.23457-LDP"
    )
    m["manifest_sha256"] = _manifest_digest(m)
    path.write_text(json.dumps(m))
    assert estimate(read_release(out), n_boot=0).values  # verified, estimated

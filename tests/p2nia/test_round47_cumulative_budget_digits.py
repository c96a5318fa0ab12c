"""Round 47 (sibling of c0853c29/02130390): a tracked folder's cumulative ε was printed with
':g' in the release's summary and the estimate's basis, so ε = 1.2345678 released twice read
'ε = 1.2345678 ... cumulative ε on this data 2.46914' on one line (a budget no one spent),
while the cumulative δ, with every digit, showed a sum's float noise. Both now read as the
number they add up to: 2.4691356; three releases at ε = 0.1 spend 0.3, not
0.30000000000000004."""

import warnings

import pytest

from ethiclens.p2nia import estimate, make_request, read_release, release, write_release

from .conftest import audit_frame


@pytest.mark.parametrize(
    "epsilon,times,said", [(1.2345678, 2, "2.4691356"), (0.1, 3, "0.3"), (5.0, 4, "20")]
)
def test_the_cumulative_budget_reads_as_its_sum(tmp_path, epsilon, times, said):
    req = make_request(
        300, "sex", epsilon=epsilon, protected_domain=["F", "M"], track_budget=True, metrics="dp"
    )
    out = tmp_path / "rel"
    for i in range(times):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a seeded release is not DP: said elsewhere
            write_release(
                release(req, audit_frame(300, 0), "y", "pred", random_state=i), out, replace=i > 0
            )
    rel = read_release(out)
    words = f"cumulative ε on this data {said} over {times} releases"
    assert words in rel.summary(out), rel.summary(out)
    assert words in estimate(rel, n_boot=0).header()

"""Round 40 (report2): the P2NIA estimate page masked each reason whole, so a group named
``password=`` ate the words after it ("password= *** (estimated) positive labels", for
"has no"). The page masks each group of the estimate's JSON alone now; a password in the
basis or the title is still never shown."""

import html

from ethiclens.report import estimate_html

VALUES = {
    "eopp": {
        "value": None,
        "ci_low": None,
        "ci_high": None,
        "status": "UNDEFINED",
        "reason": "password= has no (estimated) positive labels: the TPR is undefined",
    },
    "dp": {
        "value": None,
        "ci_low": None,
        "ci_high": None,
        "status": "UNDEFINED",
        "reason": "no (estimated) rows in group(s) ['password=']: the selection rate is undefined",
    },
}
DOCUMENT = {"groups": [{"group": "password=", "n_estimated": 0}, {"group": "b", "n_estimated": 9}]}


def test_a_group_named_like_a_password_keeps_the_reason_around_it():
    page = html.unescape(
        estimate_html(
            "release postgresql://u:hunter2@h/db", "basis", VALUES, "percentile", DOCUMENT
        )
    )
    assert "hunter2" not in page
    assert "password= has no (estimated) positive labels: the TPR is undefined" in page
    assert "['password=']: the selection rate is undefined" in page

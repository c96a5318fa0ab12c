"""Round 45: the P2NIA estimate page (ethiclens p2nia estimate --html) never showed the groups
its JSON lists: each metric is the largest gap between them and a status names one, yet a
reader of the page could not see which groups were compared nor their estimated rows. The
page now lists them (escaped), with the floors they are judged against."""

import html

import numpy as np
import pandas as pd

from ethiclens.p2nia import estimate, make_request, release
from ethiclens.report import estimate_html


def test_the_estimate_page_lists_the_groups_and_their_estimated_rows():
    rng = np.random.default_rng(0)
    n, names = 600, ["<b>F</b>", "M"]
    data = pd.DataFrame({"sex": rng.choice(names, n), "y": rng.integers(0, 2, n),
                         "p": rng.integers(0, 2, n)})  # fmt: skip
    req = make_request(n, "sex", epsilon=50, protected_domain=names)
    est = estimate(release(req, data, "y", "p", random_state=0), n_boot=0)
    doc = est.to_dict()
    page = estimate_html("t", est.described(), est.values, est.methods(), doc)
    assert '<section id="groups"' in page and "<b>F</b>" not in page  # escaped
    text = html.unescape(page)
    for g in doc["groups"]:
        assert f"<td>{g['group']}</td><td class='num'>{g['n_estimated']:,.1f}</td>" in text
    assert f"Floors: {doc['policy']['min_group_size']:,} estimated rows a group (DP)" in text

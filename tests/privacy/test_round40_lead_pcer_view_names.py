"""Round 40 (lead): PCERResult's notebook view passed no group names to estimates_html, so a
group named 'password=' ate the words after it ('password=*** acc_test', 'password= *** less
benefit'); it now passes its groups, each masked alone."""

from ethiclens.privacy import pcer_audit
from tests.privacy.test_pcer import _join, _split


def test_pcer_view_masks_each_group_alone():
    train = _join(_split(100, 90, 50, "password="), _split(100, 80, 30, "B"))
    test = _join(_split(100, 85, 40, "password="), _split(100, 82, 20, "B"))
    html = pcer_audit(train, test, group_order=("password=", "B"))._repr_html_()
    assert "<td>password=: acc_test" in html and "password= gets less benefit" in html, html

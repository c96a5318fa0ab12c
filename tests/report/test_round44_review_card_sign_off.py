"""Round 44 review: the Markdown and HTML model cards had no sign-off section, even when the
card's sign_off fields were given (--card-info, provenance={'card': {'sign_off': ...}}), where
the HTML report signs off with them. Both cards now end with it: the given fields filled (as
every user string, escaped and a password masked), the others blank for ink; none when none
is given."""

import numpy as np
import pytest

import ethiclens
import ethiclens.report  # noqa: F401 - imported at collection, not in the first test

Y = np.array([0, 1, 1, 0] * 25)
G = np.array(["a", "b"] * 50)
SIGN = {"prepared_by": "Ann | <b>", "date": "2026-01-02", "decision": "token=hunter2"}


@pytest.fixture(scope="module")
def signed():
    return ethiclens.audit(Y, Y, G, provenance={"card": {"sign_off": SIGN}}, n_boot=100)


def test_markdown_card_signs_off(signed, tmp_path):
    text = signed.to_model_card(tmp_path / "c.md").read_text()
    section = text[text.index("## Sign-off") :]
    assert "| Prepared by | Ann \\| \\<b\\> |" in section
    assert "| Reviewed by |  |" in section  # blank for ink
    assert "| Date | 2026-01-02 |" in section
    assert "| Decision | token=\\*\\*\\* |" in section
    assert "hunter2" not in text


def test_html_card_signs_off(signed, tmp_path):
    page = signed.to_model_card(tmp_path / "c.html").read_text()
    section = page[page.index('<section id="sign-off">') :]
    assert "<td>Prepared by</td>\n<td>Ann | &lt;b&gt;</td>" in section
    assert "<td>Reviewed by</td>\n<td></td>" in section
    assert "hunter2" not in page


def test_no_sign_off_given_no_section(tmp_path):
    result = ethiclens.audit(Y, Y, G, n_boot=100)
    assert "Sign-off" not in result.to_model_card(tmp_path / "c.md").read_text()

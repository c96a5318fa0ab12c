"""Choice lists read as words on every refusal: some said them as Python lists ("use one of
['race']": _checks.use_one_of and check_member, the web's reference and attribute boxes, the
keyword and interval refusals) where the rest said "use one of never, alarm". Each is now
_checks.names_words: a name bare unless that would mislead (a comma, a quote, spaces at its
ends), or unless masking or a face's renaming could read past it: a password URL stays masked
and the names after it kept, a group named like a flag is not renamed."""

from __future__ import annotations

import pytest

from ethiclens._checks import check_member, use_one_of
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import Policy
from ethiclens.fairness._intervals import check_ci
from ethiclens.web._roles import unknown_attribute


def _fix(call) -> str:
    with pytest.raises(EthicLensInputError) as err:
        call()
    return err.value.fix


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda: check_member("X", ("F", "M"), column="g", problem="bad"), "use one of F, M"),
        (lambda: Policy(foo=1), "use one of di_threshold, eo_threshold, "),
        (lambda: check_ci("zz"), "use one of jeffreys, bca, percentile"),
    ],
)
def test_a_choice_list_reads_as_words(call, said):
    fix = _fix(call)
    assert fix.startswith(said) and "[" not in fix, fix


def test_the_web_attribute_box_lists_words():
    text = unknown_attribute("rac", ["race", "sex"], ["race", "sex", "age"])
    assert text.endswith("did you mean 'race'? use one of race, sex"), text


def test_names_that_would_read_ambiguously_are_quoted():
    fix = use_one_of("zz", ["Asian, Pacific", " White", "Native American", ""])
    assert fix == "use one of 'Asian, Pacific', ' White', Native American, ''"


def test_a_password_url_in_a_choice_list_is_masked_and_the_rest_kept():
    names = ["postgresql://u:Hunter2pw@h/db", "b@c", "token=Tok3n", "x"]
    err = EthicLensInputError("unknown group", column="g", value="zz", fix=use_one_of("zz", names))
    text = str(err)
    assert "Hunter2pw" not in text and "Tok3n" not in text, text
    assert text.endswith("use one of 'postgresql://u:***@h/db', 'b@c', 'token=***', x"), text


def test_a_group_named_like_a_flag_is_not_renamed():
    err = EthicLensInputError("no group", column="g", fix=use_one_of("z", ["--n-boot", "x"]))
    renamed = err.renamed({}, words={"--n-boot": "policy.n_boot"})
    assert renamed.fix == "use one of '--n-boot', x"

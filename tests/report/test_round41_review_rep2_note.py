"""A quoted secret value holding 'attr:group' names is not cut into them (review of 49c460ee).

Before: masked_apart("token='sex:abc' failed", ['sex', 'abc']) showed "token=***sex:abc' failed"
(the quote after '=' was read as the note 'attr:group vs ref' opening); masked whole: 'token=***'.
"""

from ethiclens._secrets import mask_secrets
from ethiclens._text import masked_apart, name_pieces


def test_a_quoted_value_is_kept_whole():
    assert name_pieces("password='u:pw' is bad", ["u", "pw"]) == ["password='u:pw' is bad"]
    shown = masked_apart("note: password='grp:secret' vs 'x'", ["grp", "secret", "x"], mask_secrets)
    assert shown == "note: password=*** vs 'x'"
    said = masked_apart("token='sex:abc' failed", ["sex", "abc"], mask_secrets)
    assert said == "token=*** failed"


def test_the_quoted_note_is_still_cut():
    text = "'sex:password= vs male'"
    assert masked_apart(text, ["sex", "password=", "male"], mask_secrets) == text

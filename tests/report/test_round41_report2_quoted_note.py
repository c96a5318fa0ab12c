"""A quoted note 'attr:group vs ref' is cut into its names, each masked alone.

Before: a quote that did not close right after a name kept the name whole with its
neighbours, so "'sex:password= vs male'" was masked as one piece and the password pattern ate
the library's ' vs ' ("'sex:password= *** male'")."""

from ethiclens._text import name_pieces
from ethiclens.report import masked_sentence


def test_a_quoted_note_is_cut_into_its_names():
    text = "gap 'sex:password= vs male' is wide"
    pieces = name_pieces(text, ["sex", "password=", "male"])
    assert pieces == ["gap '", "sex", ":", "password=", " vs ", "male", "' is wide"]


def test_the_library_words_around_a_password_shaped_group_are_kept():
    names = ["sex", "token=", "male", "race", "x", "y"]
    text = "changed: 'sex:token= vs male', \"race:x vs y\""
    assert masked_sentence(text, names) == text  # 'vs' was eaten: "'sex:token= *** male'"
    leaky = "changed: 'sex:password=hunter2 vs male'"
    shown = masked_sentence(leaky, ["sex", "password=hunter2", "male"])
    assert shown == "changed: 'sex:password=*** vs male'"


def test_a_name_inside_a_quoted_password_still_never_cuts_it():
    assert masked_sentence("password='u:pw@h'", ["u", "pw"]) == "password=***"
    assert masked_sentence("see 'sex:b' and 'c'", ["sex", "b", "c"]) == "see 'sex:b' and 'c'"

"""Round 18: the Python API refuses what it would silently get wrong.

Pandas inputs reordered to each other beside a positional input (the reindexed rows no longer
matched the array's), policy settings given as keywords, 2-D inputs reported as a length
mismatch, and bytes group values labelled "b'a'"."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

pytestmark = pytest.mark.filterwarnings("ignore:the matrix subclass:PendingDeprecationWarning")
KW = dict(n_boot=100, random_state=0)


def _rows(n=400, seed=0):
    """Labels, predictions that favour group b strongly, scores and groups, as arrays."""
    rng = np.random.default_rng(seed)
    g = np.where(rng.random(n) < 0.4, "a", "b")
    yt = rng.integers(0, 2, n)
    yp = np.where(g == "a", rng.random(n) < 0.2, rng.random(n) < 0.7).astype(int)
    score = np.clip(np.where(yp == 1, 0.6, 0.3) + 0.3 * rng.random(n), 0, 1)
    return yt, yp, score, g


def _di(result) -> float:
    return result.comparisons[0].metrics["disparate_impact"].value


# 1. pandas reordered to each other beside a positional input ---------------------------------


def _reordered(yt, g):
    """``y_true`` as a Series whose labels (not pandas' default index) are shuffled, rows and
    labels together, and the groups as a Series in the rows' own order: by label the two pair
    up right, but an array beside them is in the groups' order, not y_true's."""
    labels = pd.Index(np.arange(len(yt)) * 3 + 1000)
    s_true = pd.Series(yt, index=labels).sample(frac=1, random_state=1)
    return s_true, pd.Series(g, index=labels, name="g")


def test_reindexing_beside_a_positional_input_gave_other_numbers():
    """The defect: the groups were reindexed to y_true's shuffled labels while y_pred stayed by
    position, so each prediction met another person's group (DI 0.2 became about 1)."""
    yt, yp, _, g = _rows()
    truth = _di(ethiclens.audit(yt, yp, g, **KW))
    s_true, s_group = _reordered(yt, g)
    # what the alignment audited: y_true's and the groups' rows in y_true's shuffled order,
    # the predictions in their own
    mixed = _di(ethiclens.audit(s_true.to_numpy(), yp, s_group[s_true.index].to_numpy(), **KW))
    assert truth == pytest.approx(0.21, abs=0.05)
    assert abs(mixed - truth) > 0.5  # the silent result was far from the truth


@pytest.mark.parametrize("function", ["audit", "compare", "threshold_table"])
def test_reordered_pandas_beside_a_positional_input_is_refused(function):
    yt, yp, score, g = _rows()
    s_true, s_group = _reordered(yt, g)
    calls = {
        "audit": lambda: ethiclens.audit(s_true, yp, s_group, **KW),
        "compare": lambda: ethiclens.compare(s_true, yp, list(1 - yp), s_group, **KW),
        "threshold_table": lambda: ethiclens.threshold_table(s_true, score, s_group, **KW),
    }
    positional = {"audit": "y_pred", "compare": "pred_a", "threshold_table": "y_score"}
    with pytest.raises(EthicLensInputError) as err:
        calls[function]()
    said = str(err.value)
    assert err.value.column == "sensitive_features"  # the reordered input
    assert "\n" not in said
    assert "holds y_true's index labels in another order" in said
    assert f"but {positional[function]} is not pandas (an array or a list)" in said
    assert ".to_numpy()" in said and "sharing one index" in said


def test_a_dict_column_beside_a_positional_input_is_refused_too():
    yt, yp, _, g = _rows()
    s_true, s_group = _reordered(yt, g)
    with pytest.raises(EthicLensInputError, match="but y_pred is not pandas") as err:
        ethiclens.audit(s_true, yp, {"race": s_group}, **KW)
    assert err.value.column == "race"
    # a positional column inside the dict counts as positional as well
    with pytest.raises(EthicLensInputError, match=r"but sensitive_features\['sex'\] is not"):
        ethiclens.audit(s_true, pd.Series(yp, index=s_group.index), {"sex": g}, **KW)


def test_pandas_sharing_one_index_and_all_positional_inputs_still_work():
    yt, yp, score, g = _rows()
    truth = ethiclens.audit(yt, yp, g, **KW).to_dict()["comparisons"]
    s_true, s_group = _reordered(yt, g)
    # every input pandas, labels in two orders: paired by label, the truth
    s_pred = pd.Series(yp, index=s_group.index)
    got = ethiclens.audit(s_true, s_pred, s_group.rename(None), **KW)
    assert got.to_dict()["comparisons"] == truth
    s_score = pd.Series(score, index=s_group.index)
    table = ethiclens.threshold_table(s_true, s_score, s_group.rename(None), **KW)
    assert table.to_dict() == ethiclens.threshold_table(yt, score, g, **KW).to_dict()
    # one shared (non-default) index beside an array: no reordering, paired by position
    same = s_group.rename(None)
    plain = pd.Series(yt, index=same.index)
    assert ethiclens.audit(plain, yp, same, **KW).to_dict()["comparisons"] == truth
    assert ethiclens.audit(list(yt), list(yp), list(g), **KW).to_dict()["comparisons"] == truth


# 2. a policy setting given as a keyword (as AuditSpec.of takes it) ------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda y, p, s, **k: ethiclens.audit(y, p, s, **k),
        lambda y, p, s, **k: ethiclens.compare(y, p, 1 - p, s, **k),
        lambda y, p, s, **k: ethiclens.threshold_table(y, p * 0.5, s, **k),
    ],
    ids=["audit", "compare", "threshold_table"],
)
def test_a_policy_setting_as_a_keyword_is_taken_as_the_request_takes_it(call):
    yt, yp, _, g = _rows(n=300)
    kw = dict(n_boot=100, random_state=0)
    flat = call(yt, yp, g, di_threshold=np.float64(0.9), min_group_size=50, **kw).to_dict()
    policy = ethiclens.Policy(di_threshold=0.9, min_group_size=50)
    assert flat == call(yt, yp, g, policy=policy, **kw).to_dict()
    assert flat != call(yt, yp, g, **kw).to_dict()


def test_a_policy_setting_given_twice_is_refused_as_the_request_refuses_it():
    yt, yp, _, g = _rows(n=100)
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(yt, yp, g, di_threshold=0.8, policy=ethiclens.Policy())
    assert "policy= and di_threshold= both set di_threshold" in str(err.value)
    with pytest.raises(EthicLensInputError, match="di_threshold': must be a number from 0.01"):
        ethiclens.audit(yt, yp, g, di_threshold=7)


def test_an_unknown_keyword_is_the_input_error_naming_the_closest_keyword():
    yt, yp, _, g = _rows(n=100)
    with pytest.raises(EthicLensInputError, match=r"'n_bot'; did you mean 'n_boot'\?"):
        ethiclens.audit(yt, yp, g, n_bot=100)
    with pytest.raises(TypeError, match=r"'polcy'; did you mean 'policy'\?"):
        ethiclens.audit(yt, yp, g, polcy=None)
    with pytest.raises(EthicLensInputError, match=r"'zzqx'\. Fix: use one of reference, "):
        ethiclens.audit(yt, yp, g, zzqx=1)


# 3. 2-D inputs are refused by their shape, before the lengths ---------------------------------


def _two_d(kind, values):
    return {
        "matrix": np.matrix([values]),
        "row": np.asarray([values]),
        "two columns": np.c_[values, values],
    }[kind]


@pytest.mark.parametrize("kind", ["matrix", "row", "two columns"])
@pytest.mark.parametrize("role", ["y_true", "y_pred", "sample_weight"])
def test_a_2d_input_is_refused_by_its_shape_not_as_a_length_mismatch(kind, role):
    yt, yp, _, g = _rows(n=100)
    args = {"y_true": yt, "y_pred": yp, "sample_weight": np.ones(100)}
    args[role] = _two_d(kind, args[role])
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(args["y_true"], args["y_pred"], g, sample_weight=args["sample_weight"])
    said = str(err.value)
    shape = (100, 2) if kind == "two columns" else (1, 100)
    assert err.value.column == role
    assert f"must be one-dimensional ({'a numpy matrix, ' * (kind == 'matrix')}shape {shape})" in (
        said
    )
    assert "lengths differ" not in said
    if kind != "two columns":  # one row: ravel keeps the rows (two columns it would double)
        assert said.endswith(f"pass a 1-D array, e.g. np.asarray({role}).ravel()")


@pytest.mark.parametrize("function", ["compare", "threshold_table"])
def test_a_matrix_of_labels_is_refused_by_its_shape_in_compare_and_threshold_table(function):
    yt, yp, score, g = _rows(n=100)
    with pytest.raises(EthicLensInputError, match=r"numpy matrix, shape \(1, 100\)") as err:
        if function == "compare":
            ethiclens.compare(np.matrix([yt]), yp, 1 - yp, g, **KW)
        else:
            ethiclens.threshold_table(np.matrix([yt]), score, g, **KW)
    assert err.value.column == "y_true"


def test_one_row_of_groups_is_refused_by_its_shape():
    yt, yp, _, g = _rows(n=100)
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(yt, yp, np.matrix([list(g)]), **KW)
    said = str(err.value)
    assert "is one row of 100 values (a numpy matrix, shape (1, 100))" in said
    assert "np.asarray(sensitive_features).ravel()" in said
    # a real table of two attributes (one column each) is still read as such
    table = np.c_[g, np.where(yt == 1, "x", "y")]
    assert len(ethiclens.audit(yt, yp, table, **KW).attributes) == 2


# 4. bytes as UTF-8 text --------------------------------------------------------------------


@pytest.mark.parametrize(
    "form",
    ["numpy S", "list", "Series", "dict", "categorical"],
)
def test_bytes_group_values_are_labelled_as_their_text(form):
    yt, yp, _, g = _rows()
    raw = np.char.encode(g, "utf-8")  # dtype S1: b'a', b'b'
    sf = {
        "numpy S": raw,
        "list": list(raw),
        "Series": pd.Series(raw, name="sensitive_feature_0"),
        "dict": {"sensitive_feature_0": raw},
        "categorical": pd.Series(pd.Categorical(raw), name="sensitive_feature_0"),
    }[form]
    got = ethiclens.audit(yt, yp, sf, **KW)
    assert [grp.group for a in got.attributes for grp in a.groups] == ["a", "b"]
    assert got.to_dict()["comparisons"] == ethiclens.audit(yt, yp, g, **KW).to_dict()["comparisons"]
    edited = ethiclens.audit(yt, yp, sf, reference="a", **KW)  # named by the text
    assert edited.comparisons[0].reference == "a"


def test_bytes_groups_in_compare_and_threshold_table():
    yt, yp, score, g = _rows()
    raw = np.char.encode(g, "utf-8")
    table = ethiclens.threshold_table(yt, score, raw, **KW)
    assert set(table.frame["group"]) == {"a", "b"}
    compared = ethiclens.compare(yt, yp, 1 - yp, raw, **KW)
    assert {d.group for d in compared.differences} | {
        d.reference for d in compared.differences
    } == {
        "a",
        "b",
    }


def test_bytes_that_are_not_utf8_or_clash_with_text_are_refused():
    yt, yp, _, _ = _rows(n=100)
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(yt, yp, np.array([b"\xff", b"a"] * 50), **KW)
    assert "holds bytes that are not UTF-8 text (value: b'\\xff')" in str(err.value)
    assert "np.char.decode(values, 'latin-1')" in str(err.value)
    with pytest.raises(EthicLensInputError, match="holds 'a' both as bytes"):
        ethiclens.audit(yt, yp, np.array([b"a", "a"] * 50, dtype=object), **KW)


def test_bytes_labels_are_read_as_their_text_too():
    yt, yp, _, g = _rows()
    words = {0: "no", 1: "yes"}
    as_text = ethiclens.audit([words[v] for v in yt], [words[v] for v in yp], g,
                              pos_label="yes", **KW)  # fmt: skip
    b_true = np.array([words[v].encode() for v in yt])
    b_pred = np.array([words[v].encode() for v in yp])
    for pos_label in ("yes", b"yes"):  # the text names the bytes, and bytes still work
        got = ethiclens.audit(b_true, b_pred, g, pos_label=pos_label, **KW)
        assert got.to_dict()["comparisons"] == as_text.to_dict()["comparisons"]
    with pytest.raises(EthicLensInputError, match=r"holds the text values \['0', '1'\]"):
        ethiclens.audit(np.char.encode(yt.astype(str)), yp, g, **KW)


@pytest.mark.parametrize(
    "value, fix",
    [
        ("s*t", "Fix: e.g. intersections=[['s', 't']]"),
        (["s & t"], "Fix: e.g. intersections=[['s', 't']]"),
        (["s", "t"], "Fix: e.g. intersections=[['s', 't']]"),
        ("s", "Fix: list two or more attribute names in each"),
    ],
)
def test_intersections_as_one_string_are_told_a_working_spelling(value, fix):
    y = np.array([0, 1] * 50)
    groups = {"s": np.array(["a", "b"] * 50), "t": np.array(["c"] * 50 + ["d"] * 50)}
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit(y, y, groups, intersections=value)
    assert fix in str(info.value)


# the notebook views and the HTML show a name's line break and controls, as the terminal does


def test_notebook_views_show_a_line_break_inside_a_name():
    rng = np.random.default_rng(0)
    n = 400
    y, p = rng.integers(0, 2, n), rng.integers(0, 2, n)
    groups = np.where(np.arange(n) % 2, "new line", "new\nline")
    result = ethiclens.audit(y, p, groups, n_boot=100)
    assert "new line vs new\\nline" in repr(result)
    assert "new\\nline" in result._repr_html_() and "new\nline" not in result._repr_html_()
    assert "\n" not in repr(result.comparisons[0])
    comparison = ethiclens.compare(y, p, 1 - p, groups, n_boot=100)
    assert "new\\nline" in comparison._repr_html_() and "new\nline" not in repr(comparison)


@pytest.mark.parametrize("control", ["\x0c", "\x00", "\u2028"])
def test_a_control_inside_a_name_is_shown_in_html(control, tmp_path):
    rng = np.random.default_rng(0)
    n = 400
    groups = np.where(np.arange(n) % 2, "AB", f"A{control}B")
    result = ethiclens.audit(rng.integers(0, 2, n), rng.integers(0, 2, n), groups, n_boot=100)
    shown = f"A\\x{ord(control):02x}B" if ord(control) < 0x100 else f"A\\u{ord(control):04x}B"
    page = open(result.to_html(tmp_path / "r.html"), encoding="utf-8").read()
    assert shown in page and shown in result._repr_html_()


def _objects(values):
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out


@pytest.mark.parametrize("blob", [bytearray, memoryview])
def test_blobs_given_as_bytearrays_read_as_their_text(blob):
    rng = np.random.default_rng(0)
    n = 400
    groups = _objects([blob(b"A" if i % 2 else b"B") for i in range(n)])
    labels = [_objects([blob(b"yes" if v else b"no") for v in rng.integers(0, 2, n)]) for _ in "yp"]
    kw = dict(pos_label="yes", n_boot=200, random_state=0)
    result = ethiclens.audit(pd.Series(labels[0]), pd.Series(labels[1]), groups, **kw)
    assert [g["group"] for g in result.to_dict()["attributes"][0]["groups"]] == ["A", "B"]
    as_text = [np.where([bytes(v) == b"yes" for v in x], "yes", "no") for x in labels]
    plain = ethiclens.audit(*as_text, np.where(np.arange(n) % 2, "A", "B"), **kw)
    assert result.to_dict()["comparisons"] == plain.to_dict()["comparisons"]


@pytest.mark.parametrize("value, kind", [(True, "a bool"), (5, "an int"), ([True], "a bool")])
def test_intersections_of_another_type_are_refused_as_what_they_are(value, kind):
    y = np.array([0, 1] * 50)
    groups = {"s": np.array(["a", "b"] * 50), "t": np.array(["c"] * 50 + ["d"] * 50)}
    with pytest.raises(EthicLensInputError, match=f"each a list of names, not {kind}"):
        ethiclens.audit(y, y, groups, intersections=value)


def test_a_merged_name_that_reads_as_another_group_is_refused():
    rng = np.random.default_rng(1)
    n = 600
    groups = rng.choice(["A B", "C", "D", "E"], n)
    with pytest.raises(EthicLensInputError, match="reads as the existing group 'A B'"):
        ethiclens.audit(
            rng.integers(0, 2, n),
            rng.integers(0, 2, n),
            {"g": groups},
            merge_groups={"g": {"A  B": ["C", "D"]}},
        )


def test_the_configs_names_are_keywords_too():
    rng = np.random.default_rng(0)
    n = 400
    y, p, s = rng.integers(0, 2, n), rng.integers(0, 2, n), rng.choice(["a", "b", "c"], n)
    spec_words = ethiclens.audit(y, p, s, seed=3, min_labels=10, n_boot=100)
    policy = ethiclens.Policy(min_label_count=10)
    engine_words = ethiclens.audit(y, p, s, random_state=3, policy=policy, n_boot=100)
    assert spec_words.to_dict()["comparisons"] == engine_words.to_dict()["comparisons"]
    with pytest.raises(
        EthicLensInputError, match=r"sets random_state twice \(as seed and as random_state\)"
    ):
        ethiclens.audit(y, p, s, seed=3, random_state=4)


def test_a_keyword_given_as_none_is_not_given():
    rng = np.random.default_rng(0)
    n = 400
    y, p, s = rng.integers(0, 2, n), rng.integers(0, 2, n), rng.choice(["a", "b", "c"], n)
    kw = dict(n_boot=100)
    plain = ethiclens.audit(y, p, s, random_state=3, **kw).to_dict()["comparisons"]
    assert ethiclens.audit(y, p, s, seed=None, random_state=3, **kw).to_dict()["comparisons"] == (
        plain
    )
    policy = ethiclens.Policy()
    ethiclens.audit(y, p, s, di_threshold=None, policy=policy, **kw)
    with pytest.raises(EthicLensInputError, match="policy= and min_labels= both set"):
        ethiclens.audit(y, p, s, min_labels=10, policy=policy, **kw)


def test_plain_lists_of_bytearrays_read_as_their_text():
    rng = np.random.default_rng(0)
    n = 200
    y = [bytearray(b"yes") if v else bytearray(b"no") for v in rng.integers(0, 2, n)]
    p = [memoryview(b"yes") if v else memoryview(b"no") for v in rng.integers(0, 2, n)]
    for groups in (
        [bytearray(b"A"), bytearray(b"B")] * 100,
        {"race": [b"A", bytearray(b"B")] * 100},
    ):
        result = ethiclens.audit(y, p, groups, pos_label="yes", n_boot=100)
        assert [g["group"] for g in result.to_dict()["attributes"][0]["groups"]] == ["A", "B"]

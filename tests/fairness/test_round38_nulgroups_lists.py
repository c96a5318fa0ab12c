"""Round 38: text or bytes holding a NUL given as a plain list stay the values they are.

numpy's fixed-width text and bytes ('<U', 'S') drop trailing NULs, so a list of bytes
[b'A\\x00', b'A', b'B'] read through np.asarray merged the groups 'A\\x00' and 'A' unseen
(only 'B vs A' came back), a list of labels ['yes\\x00', 'yes', ...] counted every
'yes\\x00' as pos_label 'yes', and groups apart only by a trailing NUL were sorted by
np.argsort as one name, their order left to the rows'."""

import numpy as np
import pandas as pd

import ethiclens
from ethiclens.fairness import as_binary, values_written_alike

GROUPS = ["A\x00", "A", "B"] * 20
Y_TRUE = [1, 0, 1, 0, 1] * 12
Y_PRED = [1, 1, 0, 0, 1, 0] * 10


def _pairs(result):
    return sorted((c.group, c.reference) for c in result.comparisons)


def test_bytes_groups_in_a_list_stay_apart_as_in_an_object_array():
    want = _pairs(ethiclens.audit(Y_TRUE, Y_PRED, np.array(GROUPS, dtype=object), seed=0))
    assert want == [("A\x00", "A"), ("B", "A")]
    as_bytes = [g.encode() for g in GROUPS]
    for given in (as_bytes, tuple(as_bytes), {"g": as_bytes}):
        assert _pairs(ethiclens.audit(Y_TRUE, Y_PRED, given, seed=0)) == want


def test_groups_apart_by_a_nul_sort_as_text_whatever_the_row_order():
    # np.argsort read 'A' and 'A\x00' as one name: their order (and the default reference
    # among equal sizes) followed the rows, and pandas and DuckDB disagreed on one file
    for rows in (GROUPS, GROUPS[1:] + GROUPS[:1]):
        result = ethiclens.audit(Y_TRUE, Y_PRED, np.array(rows, dtype=object), seed=0)
        assert result.by_group().index.get_level_values(1).tolist() == ["A", "A\x00", "B"]
        assert _pairs(result) == [("A\x00", "A"), ("B", "A")]


def test_labels_in_a_list_keep_their_nul_against_pos_label():
    labels = ["yes\x00", "yes", "no"] * 20
    want = np.array([v == "yes" for v in labels], dtype=np.int8)
    for given in (labels, tuple(labels), [v.encode() for v in labels]):
        assert (as_binary(given, "y_true", "yes") == want).all()
        assert as_binary(given, "y_true", "yes\x00").sum() == 20


def test_audit_counts_a_nul_label_as_negative_for_pos_label_yes():
    labels = ["yes\x00", "yes", "no", "no"] * 25
    groups = ["A", "B"] * 50
    seen = ethiclens.audit(labels, labels, groups, pos_label="yes", seed=0, min_group_size=1)
    kept = ethiclens.audit(
        np.array(labels, dtype=object), labels, pd.Series(groups), pos_label="yes", seed=0
    )
    rates = seen.by_group()["base_rate"].tolist()
    assert rates == [0.0, 0.5]  # group A holds only 'yes\x00' and 'no': no positive
    assert rates == kept.by_group()["base_rate"].tolist()


def test_labels_written_alike_keep_their_nul():
    assert not values_written_alike(["yes\x00", "no"], [["yes", "no"]])
    assert values_written_alike(["yes\x00", "no"], [np.array(["yes\x00", "no"], dtype=object)])
    assert not values_written_alike([1, "yes\x00"], [[1, "yes"]])  # numbers among the text

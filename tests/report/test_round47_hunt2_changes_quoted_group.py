"""Round 47 (second-wave hunt): the reports' sentence of group changes writes each group as the
command line takes it, but a group held in a pair of double quotes ('"A"') was written bare,
'grp: excluded "A"', which names the group A; it is now '""A""', as --exclude-group reads it."""

from __future__ import annotations

import pytest

from ethiclens.report._audit_report import group_changes
from ethiclens.spec import parse_excludes


@pytest.mark.parametrize("group", ['"A"', "e ", "a,b", "x", "it's"])
def test_an_excluded_group_is_written_as_the_flag_reads_it(group):
    (line,) = group_changes({"exclude_groups": {"grp": [group]}})
    written = line.removeprefix("grp: excluded ")
    assert parse_excludes([f"grp={written}"]) == {"grp": [group]}

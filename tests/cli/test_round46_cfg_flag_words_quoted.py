"""A fix said in a flag's words (errors.in_flag_words) rewrote every ``name=value`` of it,
a user's quoted name too: 'ethiclens pcer audit --group-order b,b' of groups 'b' and
'group_order=x' was told "Fix: use an order of ['b', '--group-order x]" (the group mangled,
its quote eaten). A quoted name is the user's and stays as it is; an example still reads as
the flag takes it."""

from __future__ import annotations

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError, in_flag_words


@pytest.mark.parametrize(
    ("fix", "said"),
    [
        ("use an order of ['b', 'group_order=x']", "use an order of ['b', 'group_order=x']"),
        ('use "x group_order=1"', 'use "x group_order=1"'),
        (
            "choose 'group_order=b' (e.g. group_order=a,b)",
            "choose 'group_order=b' (e.g. --group-order a,b)",
        ),
        ("the model's group_order=a", "the model's --group-order a"),
    ],
)
def test_a_quoted_name_in_the_fix_is_kept(fix, said):
    exc = EthicLensInputError("bad", column="group_order", value="x", fix=fix)
    assert in_flag_words(exc, "--group-order").fix == said


def test_pcer_group_order_lists_a_group_named_with_an_equals_sign(tmp_path, capsys):
    rows = "y,p,g\n" + "".join(
        f"{i % 2},{i // 2 % 2},{'group_order=x' if i % 3 else 'b'}\n" for i in range(40)
    )
    for name in ("tr.csv", "te.csv"):
        (tmp_path / name).write_text(rows)
    args = [
        "pcer",
        "audit",
        "--train",
        str(tmp_path / "tr.csv"),
        "--test",
        str(tmp_path / "te.csv"),
    ]
    args += ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--group-order", "b,b"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.rstrip().endswith("Fix: use an order of ['b', 'group_order=x']"), err


def test_a_config_refusal_keeps_a_group_named_like_a_flag(tmp_path, capsys):
    """The sibling on the config face (EthicLensInputError.renamed): a group '--n-boot' listed
    in a config's refusal was said as 'policy.n_boot', '--y-true' as 'roles.y_true'."""
    rows = "y,p,g\n" + "".join(
        f"{i % 2},{i // 2 % 2},{['--n-boot', 'x', '--y-true'][i % 3]}\n" for i in range(30)
    )
    (tmp_path / "d.csv").write_text(rows)
    spec = tmp_path / "s.yaml"
    spec.write_text(
        f"target: {{file: '{tmp_path / 'd.csv'}'}}\n"
        "roles: {y_true: y, y_pred: p, protected: [g]}\ngroups: {exclude: {g: [z]}}\n"
    )
    assert main(["audit", "--config", str(spec)]) == 2
    err = capsys.readouterr().err
    assert "key 'groups.exclude'" in err
    assert err.rstrip().endswith("Fix: use one of '--n-boot', '--y-true', x"), err


def test_a_flag_outside_quotes_is_still_renamed():
    exc = EthicLensInputError("bad", column="--n-boot", fix="see '--n-boot' or --n-boot")
    said = exc.renamed({"--n-boot": "policy.n_boot"})
    assert said.fix == "see '--n-boot' or policy.n_boot" and said.column == "policy.n_boot"

"""Round 32 review of the binning past 2**53 (b55b56f4) and of refusals about a data column
named like the command line's argument TARGET.

- The data range a refusal prints is the values' exact range: with every value past the edge a
  whole number no float holds, it printed the floats they round to beside them (2**53 + 1 and
  2**53 + 3 as '9007199254740992 to 9007199254740996'; one value 2**53 + 3 as '... to ...996').
- Whole numbers written as text ('9007199254740995', an object column) are binned by their exact
  value too, as text edges are read: 2**53 + 3 fell into the bin from the edge 2**53 + 4.
- A data column named TARGET (binned, or continuous) is called a column in a refusal about it,
  on every face ("argument 'TARGET'" named the command line's positional argument)."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import audit, bin_attribute

B = 2**53


@pytest.mark.parametrize(
    ("values", "shown"),
    [
        ([B + 1, B + 3], f"{B + 1} to {B + 3}"),
        ([B + 3], f"{B + 3} to {B + 3}"),
        ([2**64 + 1], None),
    ],
)
def test_the_data_range_is_exact(values, shown):
    with pytest.raises(EthicLensInputError, match="outside the bin edges") as err:
        bin_attribute(pd.Series(values, dtype=object), [0, B + 2], "id")
    shown = shown or f"{2**64 + 1} to {2**64 + 1}"
    assert f"(data range {shown})" in err.value.problem


def test_the_data_range_keeps_small_values_beside_exact_ones():
    with pytest.raises(EthicLensInputError) as err:
        bin_attribute(pd.Series([-0.5, B + 3], dtype=object), [0, B + 2], "id")
    assert f"(data range -0.5 to {B + 3})" in err.value.problem


def test_whole_numbers_as_text_are_binned_exactly():
    values = pd.Series(["1", str(B + 3), str(B + 4)])
    low, high = f"[0, {B + 4})", f"[{B + 4}, {B + 8}]"
    assert list(bin_attribute(values, [0, B + 4, B + 8], "id")) == [low, low, high]


def test_a_binned_column_named_target_is_a_column():
    with pytest.raises(EthicLensInputError) as err:
        bin_attribute(pd.Series(["a"]), [0, 1], "TARGET")
    assert (err.value.kind, str(err.value)[:16]) == ("column", "column 'TARGET':")
    with pytest.raises(EthicLensInputError, match="^column 'TARGET': 1 row"):
        bin_attribute(pd.Series([5]), [0, 1], "TARGET")


def test_a_continuous_attribute_named_target_is_a_column():
    groups = pd.DataFrame({"TARGET": [i / 7 for i in range(60)]})
    with pytest.raises(EthicLensInputError, match="^column 'TARGET': looks continuous"):
        audit([0, 1] * 30, [1, 0] * 30, groups)


def test_the_command_line_calls_a_binned_target_column_a_column(tmp_path, capsys):
    from ethiclens.cli import main  # what `python -m ethiclens` runs, here in this process

    data = tmp_path / "d.csv"
    data.write_text("TARGET,y,p\n" + "".join(f"{i % 7},{i % 2},{i // 2 % 2}\n" for i in range(40)))
    args = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "TARGET"]
    args += ["--bins", "TARGET=0,3", "--json", str(tmp_path / "o.json")]
    assert main(args) == 2
    assert "error: column 'TARGET': 16 row(s) with values outside" in capsys.readouterr().err
    assert not (tmp_path / "o.json").exists()

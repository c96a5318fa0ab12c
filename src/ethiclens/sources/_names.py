"""The counts table's column names and metadata keys: shared by every engine and the rules,
imported by all of them and importing none (no cycle inside ``sources``)."""

from ..errors import EthicLensInputError

Y_TRUE, Y_PRED, COUNT = "y_true", "y_pred", "count"
WEIGHT_SUM, WEIGHT_SQ_SUM, SCORE_BIN, SCORE_SUM = (
    "weight_sum",
    "weight_sq_sum",
    "score_bin",
    "score_sum",
)
RESERVED = (Y_TRUE, Y_PRED, COUNT, WEIGHT_SUM, WEIGHT_SQ_SUM, SCORE_BIN, SCORE_SUM)
N_BINS_ATTR, NAMES_ATTR, SUPPRESSION_ATTR, ATTRIBUTES_ATTR = (
    "ethiclens_n_bins",
    "ethiclens_columns",
    "ethiclens_suppression",
    "ethiclens_attributes",  # the protected-attribute columns: any other column is refused
)
# The bin edges ``counts --bins`` cut numeric attributes at: the table's groups as binned.
BINS_ATTR = "ethiclens_bins"
# A CSV counts table's key columns that hold text: read back as written, never typed.
TEXT_ATTR = "ethiclens_text_columns"
# What ``write_counts`` writes, by the file's suffix (a CSV carries its metadata beside it).
FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}
META_SUFFIX = ".ethiclens.json"


class RolesTypeError(EthicLensInputError, TypeError):
    """Roles of the wrong type: a refusal naming the argument (one line on every face, as every
    other bad argument gets) that is still the TypeError a Python caller may catch."""


def roles_type_error(roles, taker: str) -> TypeError:
    """The refusal of ``roles`` that are not an ``ethiclens.sources.Roles``; a spec's ``Roles``
    (``ethiclens.spec.Roles``, whose entries may carry a reference, ``y_pred`` a second model)
    is named as such, with the call that builds the right one from its columns."""
    example = "y_pred='pred', protected=['sex'], y_true='label'"
    given = "None" if roles is None else type(roles).__name__
    if type(roles).__module__.startswith("ethiclens.spec") and given == "Roles":
        given = "ethiclens.spec.Roles (a spec's roles)"
        named = {
            "y_pred": (tuple(roles.y_pred) or ("PRED",))[0],
            "protected": [str(p).partition("=")[0] for p in roles.protected],
            "y_true": roles.y_true,
            "y_score": roles.y_score,
            "weight": roles.weight,
        }
        example = ", ".join(f"{k}={v!r}" for k, v in named.items() if v or k == "protected")
    return RolesTypeError(
        f"{taker} takes an ethiclens.sources.Roles, not {given}",
        column="roles",
        kind="argument",
        fix=f"pass ethiclens.sources.Roles({example})",
    )

"""The counts table's column names and metadata keys: shared by every engine and the rules,
imported by all of them and importing none (no cycle inside ``sources``)."""

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

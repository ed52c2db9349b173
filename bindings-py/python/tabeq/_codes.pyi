"""The stable error codes as ``Literal`` types, as a type checker sees them. At run time
``_codes.py`` builds the same types from the core's catalogue; ``tests/python/test_errors.py``
keeps these lists equal to it."""

from typing import Literal

TaskErrorCode = Literal[
    "missing_prediction",
    "invalid_prediction_csv",
    "column_count_mismatch",
    "row_count_mismatch",
    "type_normalization_failed",
    "relation_mismatch",
    "search_limit_exceeded",
]
"""Why a task failed: ``TaskResult.error_code`` (the official evaluator's codes, plus tabeq's
``search_limit_exceeded``: the column search ran out of budget without a verdict)."""

CsvErrorCode = Literal[
    "csv_invalid_utf8",
    "csv_too_large",
    "csv_too_many_rows",
    "csv_too_many_columns",
    "csv_cell_too_large",
    "csv_nul_character",
    "csv_empty",
    "csv_zero_columns",
    "csv_non_rectangular",
    "csv_unexpected_after_quote",
    "csv_unterminated_quote",
    "csv_not_a_regular_file",
]
"""What is wrong with a CSV: ``CsvError.code`` and ``TaskResult.csv_error_code``."""

CellErrorCode = Literal[
    "cell_invalid_number",
    "cell_percent_not_allowed",
    "cell_invalid_thousands_separators",
    "cell_not_an_integer",
    "cell_number_out_of_range",
    "cell_invalid_datetime",
    "cell_not_midnight",
    "cell_datetime_out_of_range",
    "cell_invalid_boolean",
]
"""Why one value does not read under a column rule: ``CellError.code``."""

FatalErrorCode = Literal[
    "config_invalid_json",
    "config_unsupported_schema",
    "config_invalid_task_id",
    "config_task_id_mismatch",
    "config_invalid",
    "gold_missing",
    "gold_invalid_csv",
    "gold_column_count_mismatch",
    "gold_cell_invalid",
    "suite_missing_directory",
    "suite_no_configs",
    "suite_duplicate_task_id",
    "suite_invalid_config_name",
]
"""Why nothing could be scored: ``FatalError.code`` (``config_*``, ``gold_*``, ``suite_*``)."""

TrustErrorCode = Literal[
    "invalid_json",
    "not_an_object",
    "missing_field",
    "invalid_field",
    "unknown_operator",
    "unknown_label",
    "invalid_correct",
    "duplicate_id",
    "orphan_perturbation",
    "mixed_tracks",
    "no_records",
    "invalid_options",
    "invalid_operator_registration",
    "invalid_utf8",
    "invalid_spearman_input",
    "manifest_file_missing",
    "manifest_config_invalid",
    "manifest_gold_invalid",
    "io_error",
    "unequal_instance_counts",
    "duplicate_across_operators",
    "near_duplicate_names",
    "missing_originals",
    "all_questions_perturbed",
    "incomplete_average",
    "unpaired_spearman_keys",
    "missing_expected_instance",
    "unexpected_instance",
    "missing_group_field",
    "rank_agreement_skipped",
    "interrupted",
    "out_of_memory",
    "inspect_log_unreadable",
    "inspect_ai_missing",
]
"""Why trust-metric input was rejected: ``TrustError.code``."""

BindingErrorCode = Literal[
    "invalid_argument",
    "suite_incomplete",
    "unknown_task",
    "internal_error",
    "lone_surrogate",
    "freed_object",
    "module_not_loaded",
]
"""Errors a binding raises about its arguments or its own state. Python raises
``invalid_argument``; the others are JavaScript's (a suite summary asked for too early, an
unknown task, a lone surrogate, a freed object, an internal error)."""

ArgumentErrorCode = Literal["invalid_argument"]
"""A Python API call with an argument of the wrong type or value: ``ArgumentError.code``."""

OutputErrorCode = Literal["output_not_a_regular_file", "output_write_failed"]
"""Why the CLI cannot write the summary: ``OutputError.code``."""

SubmissionErrorCode = Literal[
    "prediction_misnamed",
    "task_folder_misnamed",
    "unexpected_task",
    "stray_entry",
    "encoding_latin1",
    "byte_order_mark",
    "repeated_headers",
    "task_list_invalid",
    "header_only",
    "not_csv_text",
]
"""What the check of a predictions folder (``tabeq.check_predictions``, ``tabeq validate
--prediction-root``) finds beyond a task's own error code: names, unexpected tasks, notes, and a
task list line that is not a task id."""

Spider2ErrorCode = Literal[
    "spider2_csv_no_columns",
    "spider2_csv_unterminated_quote",
    "spider2_csv_too_many_fields",
    "spider2_csv_not_utf8",
    "spider2_condition_cols_invalid",
    "spider2_condition_cols_out_of_range",
    "spider2_condition_cols_too_short",
    "spider2_condition_cols_first_only",
    "spider2_shared_prediction_column",
    "spider2_rows_do_not_correspond",
    "spider2_eval_file_invalid",
    "spider2_eval_key_missing",
]
"""The Spider 2.0 profile's codes (``tabeq.spider2``): why a comparison scores 0 as the official
raises (``Result.error``), its notes and soundness warnings (``Result.warnings``), and an eval file
the ``tabeq spider2`` command cannot read."""

KddcupErrorCode = Literal[
    "kddcup_penalty_negative",
    "kddcup_predictions_dir_missing",
    "kddcup_gold_dir_missing",
    "kddcup_no_gold",
    "kddcup_gold_missing",
    "kddcup_gold_unreadable",
    "kddcup_gold_invalid",
    "kddcup_task_id_invalid",
    "kddcup_task_json_not_utf8",
    "kddcup_too_large",
]
"""The KDD Cup 2026 Phase-1 profile's codes (``tabeq.kddcup``): why a run or a task cannot be
scored, where the official ``dabench score-run`` stops (exit 2)."""

SqlErrorCode = Literal[
    "sql_ragged_rows",
    "sql_work_bound",
    "sql_empty_gold_row",
    "sql_int_out_of_range",
    "sql_unsupported_value",
]
"""The text-to-SQL result profile's codes (``tabeq.sql``, raised as ``SqlError``): a result the
official functions cannot score, a search that reached its bound, a cell that is not a typed
database value."""

ErrorCode = (
    TaskErrorCode
    | CsvErrorCode
    | CellErrorCode
    | FatalErrorCode
    | TrustErrorCode
    | BindingErrorCode
    | OutputErrorCode
    | SubmissionErrorCode
    | Spider2ErrorCode
    | KddcupErrorCode
    | SqlErrorCode
)
"""Every stable code."""

CATALOGUE: list[dict[str, str]]
"""The core's catalogue (``tabeq::error::error_catalogue``), one ``{"code", "family",
"description"}`` per code: the list JavaScript's ``errorCodes()`` gives too."""

ConfigWarningCode = Literal["unknown_config_key"]
"""What a ``ConfigWarning`` is about (warnings never change a result)."""

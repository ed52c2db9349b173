// Example tasks bundled with the page, so it is useful with one click. Each task is a config,
// a gold CSV and a prediction CSV (null: no prediction file). The example suite is made of them.

const column = (name, type) => ({ gold_name: name, type });
const number = (name, comparison, extra = {}) => ({ ...column(name, "number"), comparison, ...extra });
const config = (id, orderSensitive, columns) =>
  JSON.stringify(
    {
      schema_version: "1.0",
      task_id: `task_${id}`,
      order_sensitive: orderSensitive,
      columns: columns.map((c, i) => ({ gold_index: i, ...c })),
    },
    null,
    2,
  );

export const TASKS = [
  {
    id: 1,
    slug: "renamed",
    title: "Renamed and reordered columns",
    expect: "passes",
    about: "Headers are never compared and columns may come in any order; numbers are compared at one decimal place.",
    config: config(1, false, [column("region", "text"), number("gdp_billion", { mode: "decimal_places", digits: 1 })]),
    gold: "region,gdp_billion\n北京,4161.1\n上海,4472.3\nGuangdong,13567.9\n",
    prediction: "GDP (bn),Region\n13567.94,Guangdong\n4161.1,北京\n4472.25,上海\n",
  },
  {
    id: 2,
    slug: "rounding",
    title: "Rounded one place too far",
    expect: "fails",
    about: "The gold keeps two decimal places; the prediction rounded 1.25 to 1.3.",
    config: config(2, false, [column("fund", "text"), number("return", { mode: "decimal_places", digits: 2 })]),
    gold: "fund,return\nAlpha Growth,12.50\nBeta Value,1.25\nGamma Bond,3.10\n",
    prediction: "fund,return\nAlpha Growth,12.5\nBeta Value,1.3\nGamma Bond,3.1\n",
  },
  {
    id: 3,
    slug: "extra-column",
    title: "An extra column",
    expect: "fails",
    about: "The answer is right but carries a rank column the question did not ask for.",
    config: config(3, false, [column("city", "text"), number("population", { mode: "significant_digits", digits: 3 })]),
    gold: "city,population\nShenzhen,17560000\nChengdu,21400000\n",
    prediction: "city,population,rank\nShenzhen,17563000,2\nChengdu,21403000,1\n",
  },
  {
    id: 4,
    slug: "order",
    title: "Rows out of order in an ordered task",
    expect: "fails",
    about: "The question asks for a ranking, so row order matters.",
    config: config(4, true, [column("fund", "text"), number("return", { mode: "decimal_places", digits: 2 })]),
    gold: "fund,return\nAlpha Growth,12.50\nBeta Value,9.75\nGamma Bond,3.10\n",
    prediction: "fund,return\nBeta Value,9.75\nAlpha Growth,12.5\nGamma Bond,3.1\n",
  },
  {
    id: 5,
    slug: "types",
    title: "Text in a number column",
    expect: "fails",
    about: "One cell of the amount column cannot be read as a number, so no column mapping is type-compatible.",
    config: config(5, false, [column("day", "date"), number("amount", { mode: "decimal_places", digits: 2 })]),
    gold: "day,amount\n2024-01-02,10.00\n2024-01-03,12.50\n2024-01-04,7.25\n",
    prediction: "day,amount\n2024-01-02,10\n2024-01-03,about 12.5\n2024-01-04,7.25\n",
  },
  {
    id: 6,
    slug: "broken-csv",
    title: "A broken CSV",
    expect: "fails",
    about: "A quoted field is never closed, so the file is not a strict CSV.",
    config: config(6, false, [column("name", "text"), number("n", { mode: "integer" })]),
    gold: "name,n\nalpha,1\nbeta,2\n",
    prediction: 'name,n\nalpha,1\n"beta,2\n',
  },
  {
    id: 7,
    slug: "formats",
    title: "Percentages, separators and leading zeros",
    expect: "passes",
    about: "12.5% reads as 0.125 in a fraction column, 1,200,000 as a number; codes stay text.",
    config: config(7, false, [column("code", "text"), number("share", { mode: "decimal_places", digits: 3 }, { unit: "fraction", allow_percent_sign: true }), number("volume", { mode: "integer" })]),
    gold: "code,share,volume\n000001,0.125,1200000\n600519,0.5,35000\n",
    prediction: 'stock,share,volume\n600519,50%,"35,000"\n000001,12.5%,"1,200,000"\n',
  },
  {
    id: 8,
    slug: "time-zones",
    title: "Time zones and date formats",
    expect: "passes",
    about: "Offsets are converted to UTC; a midnight datetime reads as a date; Yes and 0 are booleans.",
    config: config(8, true, [column("ts", "datetime"), column("day", "date"), column("open", "boolean")]),
    gold: "ts,day,open\n2024-03-01T08:00:00Z,2024-03-01,true\n2024-03-01T09:00:00Z,2024-03-02,false\n",
    prediction: "time,date,is_open\n2024-03-01T16:00:00+08:00,2024-03-01T00:00:00,Yes\n2024-03-01 17:00+08:00,20240302,0\n",
  },
  {
    id: 9,
    slug: "missing",
    title: "No prediction file",
    expect: "fails",
    about: "The agent wrote nothing for this task.",
    config: config(9, false, [number("n", { mode: "integer" })]),
    gold: "n\n42\n",
    prediction: null,
  },
];

/**
 * The example suite as files of a folder in the official layout, with one prediction directory
 * (task_99) that has no config, so it is reported as unscored.
 */
export function exampleSuiteFiles() {
  const files = [];
  for (const task of TASKS) {
    files.push({ path: `configs/task_${task.id}.json`, text: task.config });
    files.push({ path: `gold/task_${task.id}/gold.csv`, text: task.gold });
    if (task.prediction !== null) files.push({ path: `predictions/task_${task.id}/prediction.csv`, text: task.prediction });
  }
  files.push({ path: "predictions/task_99/prediction.csv", text: "n\n1\n" });
  return files;
}

/** A small deterministic generator (xorshift32) for the trust example records (and the Node tests' noise). */
export function xorshift32(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000;
  };
}

/** Example reliability records: three models, two datasets, the seven reliability operators, 12 instances each. */
export function exampleReliabilityRecords() {
  const next = xorshift32(2026);
  const models = { "Model-A": 0.45, "Model-B": 0.3, "Model-C": 0.15 };
  const operators = ["FDM", "DM", "FLM", "DAM", "SCM", "EC", "HC"];
  const lines = [];
  for (const [model, skill] of Object.entries(models)) {
    for (const dataset of ["DABench", "AIDABench-QA"]) {
      for (const [o, operator] of operators.entries()) {
        for (let i = 0; i < 12; i++) {
          const roll = next() + o * 0.04;
          const label = roll < skill ? "full" : roll < skill + 0.25 ? "partial" : "none";
          lines.push(JSON.stringify({ model, dataset, operator, instance_id: `${dataset}-${operator}-${i}`, label }));
        }
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Example robustness records: per question an original and perturbations by each robustness operator. */
export function exampleRobustnessRecords() {
  const next = xorshift32(7);
  const models = { "Model-A": 0.75, "Model-B": 0.55 };
  const operators = ["ROS", "COS", "HSS", "SDC", "EVR", "USC", "WLR", "RD", "HHR", "CSR", "DFI", "NRI"];
  const lines = [];
  for (const [model, skill] of Object.entries(models)) {
    for (const dataset of ["DABench", "AIDABench-QA"]) {
      for (let q = 0; q < 15; q++) {
        const question_id = `${dataset}-q${q}`;
        const correct = next() < skill;
        lines.push(JSON.stringify({ model, dataset, question_id, correct }));
        for (const [o, operator] of operators.entries()) {
          const flip = next() < 0.05 + o * 0.025;
          lines.push(
            JSON.stringify({ model, dataset, question_id, perturbation_id: `${question_id}-${operator}`, operator, correct: correct !== flip }),
          );
        }
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * A Spider 2.0 result that the official comparison passes only because ignore_order sorts each
 * column on its own: the visitors are paired with the wrong cities (a soundness warning).
 */
export const SPIDER2_EXAMPLE = {
  result: "year,city,visitors\n2023,Oslo,450\n2023,Bergen,1200\n2023,Tromsø,800\n",
  golds: ["city,year,visitors\nOslo,2023,1200\nBergen,2023,800\nTromsø,2023,450\n"],
  conditionCols: "[0, 2]",
  ignoreOrder: true,
};

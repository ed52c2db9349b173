//! The shapes of the trust JSON, as serde structs that borrow the reports: field order is key
//! order, each key is written here once, and [`tabeq::cpython_json::to_tree`] prints them like
//! `json.dumps(indent=2, ensure_ascii=False)`. The schema is in the docs of [`crate`].

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::compare::Comparison;
use super::completeness::Finding;
use super::group::{Key, PartialAverage};
use super::manifest::ScoredEntry;
use super::operators::{Level, Operator, OperatorRegistry, Track};
use super::options::{Bootstrap, GroupKey};
use super::reliability::{RankAgreement, RelAverage, RelRow, SectionKeys};
use super::robustness::{Attacks, RobAverage, RobRow};
use super::stats::{Spearman, SpearmanExact};
use super::trend::LevelTrend;
use super::{ReliabilityReport, RobustnessReport, SpearmanReport};
use tabeq::cpython_json::{to_tree, Out};

/// A finite number, else `null`.
fn finite(value: Option<f64>) -> Option<f64> {
    value.filter(|v| v.is_finite())
}

fn names(by: &[GroupKey]) -> Vec<&str> {
    by.iter().map(GroupKey::name).collect()
}

/// `{"model": "...", "dataset": "..."}`: a group's key under the section's key names.
struct KeyJson<'a>(&'a [GroupKey], &'a Key);

impl Serialize for KeyJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.1.len()))?;
        for (name, (_, text)) in self.0.iter().zip(self.1) {
            map.serialize_entry(name.name(), text)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Finding"))]
struct FindingJson<'a> {
    /// A completeness code of TrustErrorCode (`unequal_instance_counts` … `missing_group_field`).
    #[cfg_attr(feature = "ts", ts(type = "TrustErrorCode"))]
    code: &'static str,
    message: &'a str,
}

fn findings(findings: &[Finding]) -> Vec<FindingJson<'_>> {
    findings
        .iter()
        .map(|f| FindingJson {
            code: f.code.code(),
            message: &f.message,
        })
        .collect()
}

/// Pairs as a JSON object in their order: what a comparison is restricted to
/// (`{"dataset": "DABench"}`), how many datasets each partial average averages (`{"asr_ROS": 1}`).
struct PairsJson<'a, V>(&'a [(String, V)]);

impl<V: Serialize> Serialize for PairsJson<'_, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Comparison"))]
struct ComparisonJson<'a> {
    #[cfg_attr(feature = "ts", ts(type = "\"mrs\" | \"asr\""))]
    metric: &'a str,
    // Only for comparisons within a group, so pooled comparisons keep their keys.
    /// With grouping keys besides model: the group compared within (Holm runs per group).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>", optional))]
    within: Option<PairsJson<'a, String>>,
    a: &'a str,
    b: &'a str,
    shared: usize,
    a_value: Option<f64>,
    b_value: Option<f64>,
    difference: Option<f64>,
    ci: Option<(f64, f64)>,
    p_value: Option<f64>,
    #[cfg_attr(feature = "ts", ts(as = "super::stats::PMethod"))]
    p_method: &'static str,
    p_holm: Option<f64>,
}

fn comparisons<'a>(comparisons: &'a [Comparison], metric: &'a str) -> Vec<ComparisonJson<'a>> {
    comparisons
        .iter()
        .map(|c| ComparisonJson {
            metric,
            within: (!c.within_key.is_empty()).then_some(PairsJson(&c.within_key)),
            a: &c.a,
            b: &c.b,
            shared: c.shared,
            a_value: finite(Some(c.mean_a)),
            b_value: finite(Some(c.mean_b)),
            difference: finite(Some(c.difference)),
            ci: c.ci,
            p_value: finite(c.p_value),
            p_method: c.p_method.as_str(),
            p_holm: finite(c.p_holm),
        })
        .collect()
}

/// ρ with its t-distribution p-value (Spearman input, rank agreement, level trend).
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SpearmanRhoJson"))]
struct RhoJson {
    n: usize,
    rho: Option<f64>,
    t: Option<f64>,
    p_value: Option<f64>,
}

impl RhoJson {
    fn of(s: &Spearman) -> RhoJson {
        RhoJson {
            n: s.n,
            rho: finite(s.rho),
            t: finite(s.t),
            p_value: finite(s.p_value),
        }
    }
}

/// The exact or permutation p-value and the interval of ρ.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SpearmanExactJson"))]
struct ExactJson {
    p_exact: Option<f64>,
    #[cfg_attr(feature = "ts", ts(as = "super::stats::PMethod"))]
    p_exact_method: &'static str,
    rho_ci: Option<(f64, f64)>,
}

impl ExactJson {
    fn of(e: &SpearmanExact) -> ExactJson {
        ExactJson {
            p_exact: finite(e.p_value),
            p_exact_method: e.method.as_str(),
            rho_ci: e.ci,
        }
    }
}

/// `spearman_json`'s output.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "SpearmanResult"))]
struct SpearmanJson<'a> {
    #[serde(flatten)]
    rho: RhoJson,
    keys: Option<&'a [String]>,
    #[serde(flatten)]
    exact: ExactJson,
    findings: Vec<FindingJson<'a>>,
}

impl Serialize for SpearmanReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SpearmanJson {
            rho: RhoJson::of(&self.spearman),
            keys: self.keys.as_deref(),
            exact: ExactJson::of(&self.exact),
            findings: findings(&self.findings),
        }
        .serialize(serializer)
    }
}

#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ReliabilityRow"))]
struct RelRowJson<'a> {
    /// The group's key: one member per grouping key of its section.
    #[cfg_attr(feature = "ts", ts(type = "GroupKeyValues"))]
    key: KeyJson<'a>,
    n: u64,
    full: u64,
    partial: u64,
    none: u64,
    frr: f64,
    prr: f64,
    nrr: f64,
    mrs: f64,
    ci: Option<&'a super::reliability::RelIntervals>,
}

fn rel_rows<'a>(names: &'a [GroupKey], rows: &'a [RelRow]) -> Vec<RelRowJson<'a>> {
    rows.iter().map(|r| rel_row(names, r)).collect()
}

fn rel_row<'a>(names: &'a [GroupKey], row: &'a RelRow) -> RelRowJson<'a> {
    let c = &row.stats;
    RelRowJson {
        key: KeyJson(names, &row.key),
        n: c.n(),
        full: c.full,
        partial: c.partial,
        none: c.none,
        frr: c.frr(),
        prr: c.prr(),
        nrr: c.nrr(),
        mrs: c.mrs(),
        ci: row.ci.as_ref(),
    }
}

/// An "Avg." row's values that average fewer datasets than the report has (present only then).
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "PartialAverage"))]
struct PartialJson<'a> {
    /// The datasets of the report.
    of: usize,
    /// How many datasets each partial value averages, by its CSV column name (`asr`, `asr_ROS`, ...).
    #[cfg_attr(feature = "ts", ts(as = "std::collections::HashMap<String, usize>"))]
    averaged: PairsJson<'a, usize>,
}

fn partial_json(partial: Option<&PartialAverage>) -> Option<PartialJson<'_>> {
    partial.map(|p| PartialJson {
        of: p.of,
        averaged: PairsJson(&p.averaged),
    })
}

#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ReliabilityAverage"))]
struct RelAverageJson<'a> {
    /// The group's key: one member per grouping key of its section.
    #[cfg_attr(feature = "ts", ts(type = "GroupKeyValues"))]
    key: KeyJson<'a>,
    datasets: usize,
    /// Only when the row averages fewer datasets than the report has.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    partial: Option<PartialJson<'a>>,
    frr: Option<f64>,
    prr: Option<f64>,
    nrr: Option<f64>,
    mrs: Option<f64>,
    ci: Option<&'a super::reliability::RelIntervals>,
}

fn rel_average<'a>(names: &'a [GroupKey], a: &'a RelAverage) -> RelAverageJson<'a> {
    let [frr, prr, nrr, mrs] = a.rates.map(|r| finite(Some(r)));
    RelAverageJson {
        key: KeyJson(names, &a.key),
        datasets: a.datasets,
        partial: partial_json(a.partial.as_ref()),
        frr,
        prr,
        nrr,
        mrs,
        ci: a.ci.as_ref(),
    }
}

#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RankAgreement"))]
struct RankAgreementJson<'a> {
    datasets: &'a [String; 2],
    #[cfg_attr(feature = "ts", ts(type = "\"mrs\""))]
    metric: &'static str,
    models: &'a [String],
    #[serde(flatten)]
    rho: RhoJson,
    #[serde(flatten)]
    exact: ExactJson,
    unpaired: &'a [String],
}

fn rank_agreement(a: &RankAgreement) -> RankAgreementJson<'_> {
    RankAgreementJson {
        datasets: &a.datasets,
        metric: "mrs",
        models: &a.models,
        rho: RhoJson::of(&a.spearman),
        exact: ExactJson::of(&a.exact),
        unpaired: &a.unpaired,
    }
}

/// A report of either track: `N` its sizes, `R` its rows, `A` its "Avg." rows and `X` the
/// track's own sections.
#[derive(Serialize)]
struct ReportJson<'a, N, R, A, X> {
    track: &'static str,
    by: Vec<&'a str>,
    #[serde(flatten)]
    sizes: N,
    bootstrap: Option<&'a Bootstrap>,
    overall: R,
    groups: Vec<R>,
    dataset_average: Vec<A>,
    #[serde(flatten)]
    sections: X,
    findings: Vec<FindingJson<'a>>,
    comparisons: Vec<ComparisonJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    scored: Option<Vec<ScoredJson<'a>>>,
}

#[derive(Serialize)]
struct RelSizes {
    records: usize,
}

#[derive(Serialize)]
struct RelSections<'a> {
    families: Vec<RelRowJson<'a>>,
    pooled: Vec<RelRowJson<'a>>,
    rank_agreement: Vec<RankAgreementJson<'a>>,
}

#[derive(Serialize)]
struct RobSizes {
    originals: usize,
    perturbations: usize,
}

#[derive(Serialize)]
struct RobSections<'a> {
    level_trend: Option<TrendJson<'a>>,
}

impl ReliabilityReport {
    fn json<'a>(&'a self, keys: &'a SectionKeys) -> ReliabilityJson<'a> {
        ReportJson {
            track: "reliability",
            by: names(&self.by),
            sizes: RelSizes {
                records: self.records,
            },
            bootstrap: self.bootstrap.as_ref(),
            overall: rel_row(&[], &self.overall),
            groups: rel_rows(&self.by, &self.groups),
            dataset_average: self
                .dataset_average
                .iter()
                .map(|a| rel_average(&keys.average, a))
                .collect(),
            sections: RelSections {
                families: rel_rows(&keys.families, &self.families),
                pooled: rel_rows(&keys.pooled, &self.pooled),
                rank_agreement: self.rank_agreement.iter().map(rank_agreement).collect(),
            },
            findings: findings(&self.findings),
            comparisons: comparisons(&self.comparisons, "mrs"),
            scored: None,
        }
    }

    /// The report as a JSON tree (see the module docs of [`crate`] for the schema).
    pub fn to_out(&self) -> Out {
        to_tree(self)
    }
}

type ReliabilityJson<'a> =
    ReportJson<'a, RelSizes, RelRowJson<'a>, RelAverageJson<'a>, RelSections<'a>>;

/// The report's JSON shape (what [`ReliabilityReport::to_out`] prints and the WebAssembly
/// module hands to JavaScript as an object).
impl Serialize for ReliabilityReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.json(&SectionKeys::of(&self.by)).serialize(serializer)
    }
}

#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
struct AttacksJson {
    perturbations: u64,
    attacks: u64,
    flips: u64,
    asr: Option<f64>,
}

impl AttacksJson {
    fn of(a: &Attacks) -> AttacksJson {
        AttacksJson {
            perturbations: a.perturbations,
            attacks: a.attacks,
            flips: a.flips,
            asr: finite(a.asr()),
        }
    }
}

/// `{"asr"}` alone (dataset averages and the level trend hold no counts).
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
struct AsrJson {
    asr: Option<f64>,
}

/// An operator's entry: its code and level, then `T`'s fields.
#[derive(Serialize)]
struct OperatorJson<'a, T> {
    operator: &'a str,
    level: Option<&'static str>,
    #[serde(flatten)]
    value: T,
}

/// A level's entry: the level, then `T`'s fields.
#[derive(Serialize)]
struct LevelJson<T> {
    level: &'static str,
    #[serde(flatten)]
    value: T,
}

fn by_operator<'a, T>(
    registry: &'a OperatorRegistry,
    entries: impl Iterator<Item = (usize, T)>,
) -> Vec<OperatorJson<'a, T>> {
    entries
        .map(|(op, value)| {
            let o = registry.get(op);
            OperatorJson {
                operator: &o.code,
                level: o.level.map(Level::as_str),
                value,
            }
        })
        .collect()
}

fn by_level<T>(value: impl Fn(usize) -> T) -> Vec<LevelJson<T>> {
    Level::ALL
        .iter()
        .map(|l| LevelJson {
            level: l.as_str(),
            value: value(l.index()),
        })
        .collect()
}

#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RobustnessRow"))]
struct RobRowJson<'a> {
    /// The group's key: one member per grouping key of its section.
    #[cfg_attr(feature = "ts", ts(type = "GroupKeyValues"))]
    key: KeyJson<'a>,
    n: u64,
    covered: u64,
    coverage: f64,
    correct: u64,
    acc_clean: f64,
    excluded: u64,
    #[serde(flatten)]
    all: AttacksJson,
    rad: f64,
    acc_rob: f64,
    #[cfg_attr(feature = "ts", ts(as = "Vec<OperatorAsrJson>"))]
    asr_by_operator: Vec<OperatorJson<'a, AttacksJson>>,
    #[cfg_attr(feature = "ts", ts(as = "Vec<LevelAsrJson>"))]
    asr_by_level: Vec<LevelJson<AttacksJson>>,
    ci: Option<&'a super::robustness::RobIntervals>,
}

#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "RobustnessAverage"))]
struct RobAverageJson<'a> {
    /// The group's key: one member per grouping key of its section.
    #[cfg_attr(feature = "ts", ts(type = "GroupKeyValues"))]
    key: KeyJson<'a>,
    datasets: usize,
    /// Only when some value averages fewer datasets than the report has.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    partial: Option<PartialJson<'a>>,
    coverage: Option<f64>,
    acc_clean: Option<f64>,
    asr: Option<f64>,
    rad: Option<f64>,
    acc_rob: Option<f64>,
    #[cfg_attr(feature = "ts", ts(as = "Vec<OperatorOnlyAsrJson>"))]
    asr_by_operator: Vec<OperatorJson<'a, AsrJson>>,
    #[cfg_attr(feature = "ts", ts(as = "Vec<LevelOnlyAsrJson>"))]
    asr_by_level: Vec<LevelJson<AsrJson>>,
    ci: Option<&'a super::robustness::RobIntervals>,
}

#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LevelTrend"))]
struct TrendJson<'a> {
    #[cfg_attr(feature = "ts", ts(as = "Vec<OperatorLevelAsrJson>"))]
    operators: Vec<OperatorJson<'a, AsrJson>>,
    #[serde(flatten)]
    rho: RhoJson,
    #[serde(flatten)]
    exact: ExactJson,
    l3_over_l0: Option<f64>,
}

#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ScoredManifestLine"))]
struct ScoredJson<'a> {
    line: usize,
    model: &'a str,
    dataset: &'a str,
    question_id: &'a str,
    perturbation_id: Option<&'a str>,
    operator: Option<&'a str>,
    prediction: Option<&'a str>,
    task_id: &'a str,
    correct: bool,
    #[cfg_attr(feature = "ts", ts(as = "Option<tabeq::TaskErrorCode>"))]
    error_code: Option<&'static str>,
}

type RobustnessJson<'a> =
    ReportJson<'a, RobSizes, RobRowJson<'a>, RobAverageJson<'a>, RobSections<'a>>;

impl RobustnessReport {
    fn row_json<'a>(&'a self, names: &'a [GroupKey], row: &'a RobRow) -> RobRowJson<'a> {
        let s = &row.stats;
        RobRowJson {
            key: KeyJson(names, &row.key),
            n: s.n,
            covered: s.covered,
            coverage: s.coverage(),
            correct: s.correct,
            acc_clean: s.acc_clean(),
            excluded: s.excluded,
            all: AttacksJson::of(&s.all),
            rad: s.rad(),
            acc_rob: s.acc_rob(),
            asr_by_operator: by_operator(
                &self.registry,
                s.by_operator
                    .iter()
                    .map(|(op, a)| (*op, AttacksJson::of(a))),
            ),
            asr_by_level: by_level(|l| AttacksJson::of(&s.by_level[l])),
            ci: row.ci.as_ref(),
        }
    }

    fn average_json<'a>(&'a self, names: &'a [GroupKey], a: &'a RobAverage) -> RobAverageJson<'a> {
        let asr = |asr| AsrJson { asr: finite(asr) };
        RobAverageJson {
            key: KeyJson(names, &a.key),
            datasets: a.datasets,
            partial: partial_json(a.partial.as_ref()),
            coverage: finite(Some(a.coverage)),
            acc_clean: finite(Some(a.acc_clean)),
            asr: finite(a.asr),
            rad: finite(Some(a.rad)),
            acc_rob: finite(Some(a.acc_rob)),
            asr_by_operator: by_operator(
                &self.registry,
                a.asr_by_operator.iter().map(|(op, v)| (*op, asr(*v))),
            ),
            asr_by_level: by_level(|l| asr(a.asr_by_level[l])),
            ci: a.ci.as_ref(),
        }
    }

    fn trend_json(t: &LevelTrend) -> TrendJson<'_> {
        TrendJson {
            operators: t
                .operators
                .iter()
                .map(|(code, level, asr)| OperatorJson {
                    operator: code,
                    level: Some(level.as_str()),
                    value: AsrJson {
                        asr: finite(Some(*asr)),
                    },
                })
                .collect(),
            rho: RhoJson::of(&t.spearman),
            exact: ExactJson::of(&t.exact),
            l3_over_l0: finite(t.l3_over_l0),
        }
    }

    fn json<'a>(
        &'a self,
        average: &'a [GroupKey],
        scored: Option<&'a [ScoredEntry]>,
    ) -> RobustnessJson<'a> {
        ReportJson {
            track: "robustness",
            by: names(&self.by),
            sizes: RobSizes {
                originals: self.originals,
                perturbations: self.perturbations,
            },
            bootstrap: self.bootstrap.as_ref(),
            overall: self.row_json(&[], &self.overall),
            groups: self
                .groups
                .iter()
                .map(|r| self.row_json(&self.by, r))
                .collect(),
            dataset_average: self
                .dataset_average
                .iter()
                .map(|a| self.average_json(average, a))
                .collect(),
            sections: RobSections {
                level_trend: self.level_trend.as_ref().map(Self::trend_json),
            },
            findings: findings(&self.findings),
            comparisons: comparisons(&self.comparisons, "asr"),
            scored: scored.map(|entries| entries.iter().map(|e| self.scored_json(e)).collect()),
        }
    }

    fn scored_json<'a>(&'a self, e: &'a ScoredEntry) -> ScoredJson<'a> {
        let r = &e.record;
        let p = r.perturbation.as_ref();
        ScoredJson {
            line: r.line,
            model: &r.model,
            dataset: &r.dataset,
            question_id: &r.question_id,
            perturbation_id: p.map(|p| p.id.as_str()),
            operator: p.map(|p| self.registry.get(p.operator).code.as_str()),
            prediction: e.prediction.as_deref(),
            task_id: &e.task_id,
            correct: r.correct,
            error_code: e.error_code.map(|c| c.code()),
        }
    }

    /// The report as a JSON tree (see the module docs of [`crate`] for the schema);
    /// from a manifest, with every line's verdict as `"scored"`.
    pub fn to_out_scored(&self, scored: Option<&[ScoredEntry]>) -> Out {
        to_tree(&Scored(self, scored))
    }

    /// The report as a JSON tree (see the module docs of [`crate`] for the schema).
    pub fn to_out(&self) -> Out {
        self.to_out_scored(None)
    }
}

/// A robustness report with the verdicts of the manifest it was scored from, if any.
pub(crate) struct Scored<'a>(pub &'a RobustnessReport, pub Option<&'a [ScoredEntry]>);

impl Serialize for Scored<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let keys = SectionKeys::of(&self.0.by);
        self.0.json(&keys.average, self.1).serialize(serializer)
    }
}

/// The report's JSON shape, without `scored`.
impl Serialize for RobustnessReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Scored(self, None).serialize(serializer)
    }
}

/// An operator of the registry: `family`/`difficulty` (reliability) or `kind`/`level`.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "OperatorInfo"))]
struct OperatorEntryJson<'a> {
    code: &'a str,
    name: &'a str,
    #[cfg_attr(feature = "ts", ts(as = "Track"))]
    track: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    family: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    difficulty: Option<Option<&'static str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    kind: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    level: Option<Option<&'static str>>,
    builtin: bool,
}

impl Operator {
    fn json(&self) -> OperatorEntryJson<'_> {
        let reliability = self.track == Track::Reliability;
        OperatorEntryJson {
            code: &self.code,
            name: &self.name,
            track: self.track.as_str(),
            family: reliability.then_some(self.family.as_str()),
            difficulty: reliability.then(|| self.difficulty.map(|d| d.as_str())),
            kind: (!reliability).then_some(self.family.as_str()),
            level: (!reliability).then(|| self.level.map(Level::as_str)),
            builtin: self.builtin,
        }
    }

    /// The operator as a JSON object (`code, name, track, family|kind, difficulty|level, builtin`).
    pub fn to_out(&self) -> Out {
        to_tree(&self.json())
    }
}

/// The registry as a list of operator objects.
impl Serialize for OperatorRegistry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.operators().iter().map(Operator::json))
    }
}

/// The JSON shape of [`ReliabilityReport`] (`ReportJson` written out for its TypeScript
/// declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(crate) struct ReliabilityReportJson {
    #[ts(type = "\"reliability\"")]
    track: String,
    #[ts(type = "GroupKeyName[]")]
    by: Vec<String>,
    records: usize,
    bootstrap: Option<Bootstrap>,
    overall: RelRowJson<'static>,
    groups: Vec<RelRowJson<'static>>,
    /// The unweighted mean across datasets of per-dataset rates ("Avg." in the paper).
    dataset_average: Vec<RelAverageJson<'static>>,
    families: Vec<RelRowJson<'static>>,
    pooled: Vec<RelRowJson<'static>>,
    /// Spearman agreement of per-model MRS between two datasets.
    rank_agreement: Vec<RankAgreementJson<'static>>,
    findings: Vec<FindingJson<'static>>,
    comparisons: Vec<ComparisonJson<'static>>,
}

/// The JSON shape of [`RobustnessReport`] (`ReportJson` written out for its TypeScript
/// declaration: `make types`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[allow(dead_code)]
pub(crate) struct RobustnessReportJson {
    #[ts(type = "\"robustness\"")]
    track: String,
    #[ts(type = "GroupKeyName[]")]
    by: Vec<String>,
    originals: usize,
    perturbations: usize,
    bootstrap: Option<Bootstrap>,
    overall: RobRowJson<'static>,
    groups: Vec<RobRowJson<'static>>,
    dataset_average: Vec<RobAverageJson<'static>>,
    /// Spearman of operator level vs ASR, and ASR(L3) / ASR(L0), all records pooled.
    level_trend: Option<TrendJson<'static>>,
    findings: Vec<FindingJson<'static>>,
    comparisons: Vec<ComparisonJson<'static>>,
    /// Only from a manifest (`trustRobustnessFromManifest`).
    #[ts(optional)]
    scored: Option<Vec<ScoredJson<'static>>>,
}

/// ASR of one operator, with its counts (`OperatorJson<AttacksJson>`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "OperatorAsr")]
#[allow(dead_code)]
pub(crate) struct OperatorAsrJson {
    operator: String,
    level: Option<String>,
    #[ts(flatten)]
    value: AttacksJson,
}

/// ASR of one level, with its counts (`LevelJson<AttacksJson>`).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "LevelAsr")]
#[allow(dead_code)]
pub(crate) struct LevelAsrJson {
    level: String,
    #[ts(flatten)]
    value: AttacksJson,
}

/// `OperatorJson<AsrJson>` of a dataset average.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "OperatorAverageAsr")]
#[allow(dead_code)]
pub(crate) struct OperatorOnlyAsrJson {
    operator: String,
    level: Option<String>,
    asr: Option<f64>,
}

/// `LevelJson<AsrJson>` of a dataset average.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "LevelAverageAsr")]
#[allow(dead_code)]
pub(crate) struct LevelOnlyAsrJson {
    level: String,
    asr: Option<f64>,
}

/// `OperatorJson<AsrJson>` of the level trend (every operator there has a level).
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "OperatorLevelAsr")]
#[allow(dead_code)]
pub(crate) struct OperatorLevelAsrJson {
    operator: String,
    level: String,
    asr: Option<f64>,
}

/// The declarations of the objects the trust module returns (reports, Spearman, operators), in
/// the order of `tabeq_trust.d.ts` (feature `ts`, `make types`).
#[cfg(feature = "ts")]
pub fn typescript_declarations() -> Vec<String> {
    use tabeq::typescript_declaration as d;
    vec![
        d::<super::stats::PMethod>(),
        d::<Track>(),
        tabeq::typescript_union(
            "The formats a trust document renders to: the evaluator's document formats, plus \
             `svg` (its figures stacked in one SVG) and `latex` (its tables as booktabs).",
            "DocumentFormat",
            &super::Format::ALL.map(super::Format::name),
        ),
        d::<FindingJson<'static>>(),
        d::<ComparisonJson<'static>>(),
        d::<SpearmanJson<'static>>(),
        d::<OperatorLevelAsrJson>(),
        d::<TrendJson<'static>>(),
        d::<Bootstrap>(),
        d::<super::reliability::RelIntervals>(),
        d::<RelRowJson<'static>>(),
        d::<PartialJson<'static>>(),
        d::<RelAverageJson<'static>>(),
        d::<RankAgreementJson<'static>>(),
        d::<ReliabilityReport>(),
        d::<OperatorAsrJson>(),
        d::<LevelAsrJson>(),
        d::<super::robustness::RobIntervals>(),
        d::<RobRowJson<'static>>(),
        d::<OperatorOnlyAsrJson>(),
        d::<LevelOnlyAsrJson>(),
        d::<RobAverageJson<'static>>(),
        d::<ScoredJson<'static>>(),
        d::<RobustnessReport>(),
        d::<OperatorEntryJson<'static>>(),
    ]
}

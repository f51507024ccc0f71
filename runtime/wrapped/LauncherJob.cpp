//===- runtime/wrapped/LauncherJob.cpp - The job a launcher started -------===//
//
// Part of Sextant. See LauncherJob.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/wrapped/LauncherJob.h"

#include "format/schema/ExperimentSchema.h"

namespace sextant {
namespace runtime {

LauncherJob launcherJob(const char *(*GetVariable)(const char *Name)) {
  auto Value = [&](const char *Name) -> std::string {
    const char *Text = GetVariable(Name);
    return Text ? Text : "";
  };
  LauncherJob Job;
  for (const char *Name : {"PMIX_NAMESPACE", "OMPI_MCA_ess_base_jobid"}) {
    Job.Id = Value(Name);
    if (!Job.Id.empty()) {
      Job.Source = Name;
      break;
    }
  }
  if (Job.Id.empty()) {
    Job.Id = Value("SLURM_JOB_ID");
    std::string Step = Value("SLURM_STEP_ID");
    if (!Job.Id.empty()) {
      Job.Source = "SLURM_JOB_ID";
      if (!Step.empty())
        Job.Id += "." + Step;
    }
  }
  // programFileName keeps a single component made of safe characters.
  if (!Job.Id.empty())
    Job.Id = format::files::programFileName(Job.Id);
  return Job;
}

} // namespace runtime
} // namespace sextant

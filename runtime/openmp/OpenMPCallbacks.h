//===- runtime/openmp/OpenMPCallbacks.h - The OMPT callbacks --------------===//
//
// Part of Sextant. The OMPT callbacks the tool registers (OpenMPTool.cpp):
// those of SEXTANT_OPENMP=basic (thread end, parallel begin and end,
// implicit task, work, sync region) and those full adds (task create and
// schedule, mutex acquire, acquired and released). See OpenMPTool.h for
// what they record and the libomp behaviour they handle.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_OPENMPCALLBACKS_H
#define SEXTANT_RUNTIME_OPENMP_OPENMPCALLBACKS_H

#include <omp-tools.h>

namespace sextant {
namespace runtime {
namespace openmp {

void onThreadEnd(ompt_data_t *Thread);
void onParallelBegin(ompt_data_t *Task, const ompt_frame_t *Frame,
                     ompt_data_t *ParallelData, unsigned int Size, int Flags,
                     const void *Code);
void onParallelEnd(ompt_data_t *ParallelData, ompt_data_t *Task, int Flags,
                   const void *Code);
void onImplicitTask(ompt_scope_endpoint_t Endpoint, ompt_data_t *ParallelData,
                    ompt_data_t *Task, unsigned int Size, unsigned int Index,
                    int Flags);
void onWork(ompt_work_t Type, ompt_scope_endpoint_t Endpoint,
            ompt_data_t *ParallelData, ompt_data_t *Task, uint64_t Count,
            const void *Code);
void onSyncRegion(ompt_sync_region_t Kind, ompt_scope_endpoint_t Endpoint,
                  ompt_data_t *ParallelData, ompt_data_t *Task,
                  const void *Code);
void onTaskCreate(ompt_data_t *Task, const ompt_frame_t *Frame,
                  ompt_data_t *NewTask, int Flags, int HasDependences,
                  const void *Code);
void onTaskSchedule(ompt_data_t *Prior, ompt_task_status_t Status,
                    ompt_data_t *Next);
void onMutexAcquire(ompt_mutex_t Kind, unsigned int Hint, unsigned int Impl,
                    ompt_wait_id_t WaitId, const void *Code);
void onMutexAcquired(ompt_mutex_t Kind, ompt_wait_id_t WaitId,
                     const void *Code);
void onMutexReleased(ompt_mutex_t Kind, ompt_wait_id_t WaitId,
                     const void *Code);

} // namespace openmp
} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OPENMP_OPENMPCALLBACKS_H

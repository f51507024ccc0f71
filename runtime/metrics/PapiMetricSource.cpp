//===- runtime/metrics/PapiMetricSource.cpp - PAPI events as metrics ------===//
//
// Part of Sextant. Loading libpapi at first use, checking the requested
// events, and one started event set per thread.
//
//===----------------------------------------------------------------------===//

#include "runtime/metrics/PapiMetricSource.h"

#ifdef SEXTANT_HAVE_PAPI_HEADER
#include <papi.h>

#include <dlfcn.h>
#include <fstream>
#include <mutex>
#include <pthread.h>
#endif

namespace sextant {
namespace runtime {

bool isPossiblePapiEventName(const std::string &Name, std::string &Reason) {
  if (Name.size() > MaxPapiEventNameBytes) {
    Reason = "not a PAPI event name: it has " + std::to_string(Name.size()) +
             " bytes, and PAPI's names have at most " +
             std::to_string(MaxPapiEventNameBytes);
    return false;
  }
  for (char Char : Name)
    if (Char <= ' ' || Char > '~') {
      Reason = "not a PAPI event name: it has a control, blank or non-ASCII "
               "byte, which PAPI's names never have";
      return false;
    }
  return true;
}

#ifndef SEXTANT_HAVE_PAPI_HEADER

std::unique_ptr<MetricSource>
createPapiSource(const std::vector<std::string> &Events, bool,
                 std::vector<UnavailableMetric> &Unavailable) {
  for (const std::string &Event : Events)
    Unavailable.push_back(
        {Event, "not a built-in metric, and this libsextant was built "
                "without PAPI support (papi.h was not found)"});
  return nullptr;
}

#else

static_assert(MaxPapiEventNameBytes == PAPI_HUGE_STR_LEN - 1,
              "MaxPapiEventNameBytes follows papi.h");

namespace {

/// The PAPI functions Sextant calls, resolved from the loaded library.
struct PapiLibrary {
  int (*LibraryInit)(int) = nullptr;
  int (*ThreadInit)(unsigned long (*)(void)) = nullptr;
  int (*MultiplexInit)() = nullptr;
  int (*EventNameToCode)(const char *, int *) = nullptr;
  int (*GetEventComponent)(int) = nullptr;
  const PAPI_component_info_t *(*GetComponentInfo)(int) = nullptr;
  int (*CreateEventSet)(int *) = nullptr;
  int (*AssignComponent)(int, int) = nullptr;
  int (*SetMultiplex)(int) = nullptr;
  int (*AddEvent)(int, int) = nullptr;
  int (*Start)(int) = nullptr;
  int (*Read)(int, long long *) = nullptr;
  int (*Stop)(int, long long *) = nullptr;
  int (*CleanupEventSet)(int) = nullptr;
  int (*DestroyEventSet)(int *) = nullptr;
  int (*UnregisterThread)() = nullptr;
  char *(*StrError)(int) = nullptr;

  std::string error(int Code) const {
    const char *Text = StrError ? StrError(Code) : nullptr;
    return std::string(Text ? Text : "unknown PAPI error") + " (" +
           std::to_string(Code) + ")";
  }
};

unsigned long threadId() { return static_cast<unsigned long>(pthread_self()); }

/// Loads and initializes libpapi once; null with Error set on failure.
const PapiLibrary *loadPapi(std::string &Error) {
  static PapiLibrary Library;
  static std::string LoadError;
  static bool Loaded = false;
  static std::once_flag Once;
  std::call_once(Once, [] {
    void *Handle = nullptr;
    for (const char *Name : {"libpapi.so.7.0", "libpapi.so.7", "libpapi.so"})
      if ((Handle = dlopen(Name, RTLD_NOW | RTLD_LOCAL)))
        break;
    if (!Handle) {
      const char *Why = dlerror();
      LoadError = std::string("cannot load libpapi (") +
                  (Why ? Why : "not found") +
                  "); install PAPI (Debian: libpapi7.0t64 or libpapi-dev)";
      return;
    }
    bool Complete = true;
    auto Resolve = [&](auto &Function, const char *Symbol) {
      Function = reinterpret_cast<std::remove_reference_t<decltype(Function)>>(
          dlsym(Handle, Symbol));
      if (!Function && Complete) {
        Complete = false;
        LoadError = std::string("libpapi lacks ") + Symbol;
      }
    };
    Resolve(Library.LibraryInit, "PAPI_library_init");
    Resolve(Library.ThreadInit, "PAPI_thread_init");
    Resolve(Library.MultiplexInit, "PAPI_multiplex_init");
    Resolve(Library.EventNameToCode, "PAPI_event_name_to_code");
    Resolve(Library.GetEventComponent, "PAPI_get_event_component");
    Resolve(Library.GetComponentInfo, "PAPI_get_component_info");
    Resolve(Library.CreateEventSet, "PAPI_create_eventset");
    Resolve(Library.AssignComponent, "PAPI_assign_eventset_component");
    Resolve(Library.SetMultiplex, "PAPI_set_multiplex");
    Resolve(Library.AddEvent, "PAPI_add_event");
    Resolve(Library.Start, "PAPI_start");
    Resolve(Library.Read, "PAPI_read");
    Resolve(Library.Stop, "PAPI_stop");
    Resolve(Library.CleanupEventSet, "PAPI_cleanup_eventset");
    Resolve(Library.DestroyEventSet, "PAPI_destroy_eventset");
    Resolve(Library.UnregisterThread, "PAPI_unregister_thread");
    Resolve(Library.StrError, "PAPI_strerror");
    if (!Complete)
      return;
    int Version = Library.LibraryInit(PAPI_VER_CURRENT);
    if (Version != PAPI_VER_CURRENT) {
      LoadError = Version > 0
                      ? "the loaded libpapi has another version than "
                        "the papi.h Sextant was built with"
                      : "PAPI_library_init failed: " + Library.error(Version);
      return;
    }
    int Status = Library.ThreadInit(&threadId);
    if (Status != PAPI_OK) {
      LoadError = "PAPI_thread_init failed: " + Library.error(Status);
      return;
    }
    Loaded = true;
  });
  if (!Loaded) {
    Error = LoadError;
    return nullptr;
  }
  return &Library;
}

std::string perfEventParanoid() {
  std::ifstream File("/proc/sys/kernel/perf_event_paranoid");
  std::string Value;
  File >> Value;
  return Value;
}

/// Why Code could not be counted, with a hint for the usual causes.
std::string describeFailure(const PapiLibrary &Papi, const char *Step, int Code,
                            int EventCode) {
  std::string Reason = std::string(Step) + " failed: " + Papi.error(Code);
  if (Code == PAPI_EPERM || Code == PAPI_ESYS || Code == PAPI_ECNFLCT ||
      Code == PAPI_ENOCMP || Code == PAPI_ENOEVNT) {
    int Component = EventCode != 0 ? Papi.GetEventComponent(EventCode) : 0;
    const PAPI_component_info_t *Info =
        Papi.GetComponentInfo(Component < 0 ? 0 : Component);
    if (Info && Info->disabled && Info->disabled_reason[0] != '\0')
      Reason += "; PAPI component '" + std::string(Info->name) +
                "' is disabled: " + Info->disabled_reason;
  }
  if (Code == PAPI_EPERM)
    Reason += "; the kernel forbids it (/proc/sys/kernel/perf_event_paranoid "
              "is " +
              perfEventParanoid() + ")";
  if (Code == PAPI_ENOEVNT)
    Reason += "; the event does not exist on this machine (papi_avail and "
              "papi_native_avail list those that do; a virtual machine "
              "without a PMU has only software events such as "
              "perf::TASK-CLOCK)";
  return Reason;
}

/// An event set with Codes added and started; PAPI_NULL with Reason set on
/// failure (the set is destroyed again).
int startEventSet(const PapiLibrary &Papi, const std::vector<int> &Codes,
                  bool Multiplex, std::string &Reason, size_t &Failed) {
  int Set = PAPI_NULL;
  Failed = Codes.size();
  int Status = Papi.CreateEventSet(&Set);
  if (Status != PAPI_OK) {
    Reason = "PAPI_create_eventset failed: " + Papi.error(Status);
    return PAPI_NULL;
  }
  auto Destroy = [&] {
    Papi.CleanupEventSet(Set);
    Papi.DestroyEventSet(&Set);
    return PAPI_NULL;
  };
  if (Multiplex && !Codes.empty()) {
    int Component = Papi.GetEventComponent(Codes.front());
    if ((Status = Papi.AssignComponent(Set, Component < 0 ? 0 : Component)) !=
            PAPI_OK ||
        (Status = Papi.SetMultiplex(Set)) != PAPI_OK) {
      Reason =
          describeFailure(Papi, "enabling multiplexing", Status, Codes.front());
      return Destroy();
    }
  }
  for (size_t I = 0; I < Codes.size(); ++I) {
    if ((Status = Papi.AddEvent(Set, Codes[I])) != PAPI_OK) {
      Failed = I;
      Reason = describeFailure(Papi, "PAPI_add_event", Status, Codes[I]);
      return Destroy();
    }
  }
  if ((Status = Papi.Start(Set)) != PAPI_OK) {
    Reason = describeFailure(Papi, "PAPI_start", Status,
                             Codes.size() == 1 ? Codes.front() : 0);
    return Destroy();
  }
  return Set;
}

void stopEventSet(const PapiLibrary &Papi, int Set, size_t Count) {
  std::vector<long long> Final(Count == 0 ? 1 : Count);
  Papi.Stop(Set, Final.data());
  Papi.CleanupEventSet(Set);
  Papi.DestroyEventSet(&Set);
}

class PapiReader final : public MetricReader {
public:
  PapiReader(const PapiLibrary &Papi, int Set, size_t Count)
      : Papi(Papi), Set(Set), Buffer(Count, 0), Last(Count, 0) {}
  ~PapiReader() override {
    stopEventSet(Papi, Set, Buffer.size());
    Papi.UnregisterThread();
  }
  void read(uint64_t *Values) noexcept override {
    if (Papi.Read(Set, Buffer.data()) == PAPI_OK)
      for (size_t I = 0; I < Buffer.size(); ++I)
        Last[I] = Buffer[I] > 0 ? static_cast<uint64_t>(Buffer[I]) : 0;
    for (size_t I = 0; I < Last.size(); ++I)
      Values[I] = Last[I];
  }

private:
  const PapiLibrary &Papi;
  int Set;
  std::vector<long long> Buffer;
  std::vector<uint64_t> Last;
};

class PapiSource final : public MetricSource {
public:
  PapiSource(const PapiLibrary &Papi, std::vector<int> Codes,
             const std::vector<std::string> &Names, bool Multiplex)
      : Papi(Papi), Codes(std::move(Codes)), Multiplex(Multiplex) {
    for (const std::string &Name : Names)
      Metrics.push_back({Name, "count", 1.0, MetricAccumulation::Sum});
  }
  std::unique_ptr<MetricReader> startThread(std::string &Error) override {
    size_t Failed = 0;
    int Set = startEventSet(Papi, Codes, Multiplex, Error, Failed);
    if (Set == PAPI_NULL)
      return nullptr;
    return std::make_unique<PapiReader>(Papi, Set, Codes.size());
  }

private:
  const PapiLibrary &Papi;
  std::vector<int> Codes;
  bool Multiplex;
};

} // namespace

std::unique_ptr<MetricSource>
createPapiSource(const std::vector<std::string> &Events, bool Multiplex,
                 std::vector<UnavailableMetric> &Unavailable) {
  if (Events.empty())
    return nullptr;
  std::string Error;
  const PapiLibrary *Papi = loadPapi(Error);
  if (!Papi) {
    for (const std::string &Event : Events)
      Unavailable.push_back({Event, Error});
    return nullptr;
  }
  if (Multiplex) {
    int Status = Papi->MultiplexInit();
    if (Status != PAPI_OK) {
      for (const std::string &Event : Events)
        Unavailable.push_back(
            {Event,
             "PAPI_multiplex_init failed (SEXTANT_METRICS_MULTIPLEX=1): " +
                 Papi->error(Status)});
      return nullptr;
    }
  }
  // Each event on its own.
  std::vector<int> Codes;
  std::vector<std::string> Names;
  for (const std::string &Event : Events) {
    int Code = PAPI_NULL;
    int Status = Papi->EventNameToCode(Event.c_str(), &Code);
    if (Status != PAPI_OK) {
      Unavailable.push_back(
          {Event,
           "PAPI knows no event of this name (PAPI_event_name_to_code: " +
               Papi->error(Status) +
               "); papi_avail and papi_native_avail list the events of "
               "this machine, and the built-in metrics are cpu-time, "
               "peak-rss, page-faults, major-faults and "
               "context-switches"});
      continue;
    }
    std::string Reason;
    size_t Failed = 0;
    int Set = startEventSet(*Papi, {Code}, Multiplex, Reason, Failed);
    if (Set == PAPI_NULL) {
      Unavailable.push_back({Event, Reason});
      continue;
    }
    stopEventSet(*Papi, Set, 1);
    Codes.push_back(Code);
    Names.push_back(Event);
  }
  // Then together: leave out each event that cannot join the ones before.
  for (size_t Tried = 0; !Codes.empty() && Tried <= Events.size(); ++Tried) {
    std::string Reason;
    size_t Failed = 0;
    int Set = startEventSet(*Papi, Codes, Multiplex, Reason, Failed);
    if (Set != PAPI_NULL) {
      stopEventSet(*Papi, Set, Codes.size());
      break;
    }
    if (Failed >= Codes.size())
      Failed = Codes.size() - 1; // the start failed: drop the last one
    Unavailable.push_back(
        {Names[Failed],
         "cannot be counted together with the events before it in "
         "SEXTANT_METRICS: " +
             Reason +
             (Multiplex ? "" : "; SEXTANT_METRICS_MULTIPLEX=1 may help")});
    Codes.erase(Codes.begin() + static_cast<std::ptrdiff_t>(Failed));
    Names.erase(Names.begin() + static_cast<std::ptrdiff_t>(Failed));
  }
  if (Codes.empty())
    return nullptr;
  return std::make_unique<PapiSource>(*Papi, std::move(Codes), Names,
                                      Multiplex);
}

#endif // SEXTANT_HAVE_PAPI_HEADER

} // namespace runtime
} // namespace sextant

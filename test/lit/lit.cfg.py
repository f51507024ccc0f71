# lit configuration for Sextant: IR-level plugin tests (plugin/) and
# end-to-end tests (e2e/<area>/) that compile, run and check test/apps/
# programs; test/README.md maps behaviours to the tests.
import os
import subprocess
import sys

import lit.formats
import lit.util

config.name = "Sextant"
config.test_format = lit.formats.ShTest(not lit_config.isWindows)
config.suffixes = [".ll", ".c", ".cpp", ".test"]
# Inputs/: files the tests read; lib/: the Python helpers of the tests.
config.excludes = ["Inputs", "lib"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.sextant_binary_dir, "test", "lit")

# Substitutions are applied in order: longer names that share a prefix come first.
# LLVM 19's tools (opt, FileCheck, not, count, llvm-dis) come first on PATH.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, os.path.dirname(config.sextant_tool),
     config.environment.get("PATH", os.environ.get("PATH", ""))])
# Runs must not inherit a developer's Sextant settings.
for name in list(os.environ):
    if name.startswith("SEXTANT_"):
        config.environment.pop(name, None)
config.environment["LC_ALL"] = "C"

runtime_dir = os.path.dirname(config.sextant_runtime_shared)
include_dir = os.path.join(config.sextant_source_dir, "include")
sanitize = " " + config.sanitizer_flags if config.sanitizer_flags else ""

config.substitutions.append(("%plugin", config.sextant_plugin))
config.substitutions.append(("%runtime_static", config.sextant_runtime_static))
config.substitutions.append(("%runtime_dir", runtime_dir))
config.substitutions.append(("%runtime", config.sextant_runtime_shared))
config.substitutions.append(("%sextant_include", include_dir))
# Files shared by the e2e areas (filters read by several areas); the inputs
# of one area are in its own Inputs/ (%S/Inputs).
config.substitutions.append(("%e2e_inputs", os.path.join(config.test_source_root, "e2e", "Inputs")))
config.substitutions.append(("%apps", os.path.join(config.sextant_source_dir, "test", "apps")))
config.substitutions.append(("%install_prefix", config.sextant_install_prefix))
# The installed compiler wrappers and sextant-config (docs/sextant-cc.md).
config.substitutions.append(("%sextant_bin", os.path.join(config.sextant_install_prefix, "bin")))
config.substitutions.append(("%cmake", config.cmake))
config.substitutions.append(("%ctest", os.path.join(os.path.dirname(config.cmake), "ctest")))
# The project's scripts/ (test.sh's helpers), and this very lit, for tests of
# what reads lit's output.
config.substitutions.append(("%scripts", os.path.join(config.sextant_source_dir, "scripts")))
config.substitutions.append(("%lit", sys.executable + " " + os.path.abspath(sys.argv[0])))
# Compile flags that load the plugin into clang (both -fplugin, so that
# -mllvm -sextant-* options are known, and -fpass-plugin, which runs it).
instrument = "-fplugin=%s -fpass-plugin=%s" % (config.sextant_plugin, config.sextant_plugin)
config.substitutions.append(("%instrument", instrument))
# The same for flang-new-19, which has no -fplugin: its frontend loads the
# plugin with -load (passed with -Xflang), so that -mllvm -sextant-* options
# are known; -fpass-plugin runs it (docs/user-guide.md, "Fortran").
config.substitutions.append(
    ("%flang_instrument", "-Xflang -load -Xflang %s -fpass-plugin=%s"
     % (config.sextant_plugin, config.sextant_plugin)))
if lit.util.which("flang-new-19"):
    config.available_features.add("flang")
# Link flags for the shared runtime.
config.substitutions.append(
    ("%link_sextant", "-L%s -Wl,-rpath,%s -lsextant" % (runtime_dir, runtime_dir)))
config.substitutions.append(("%clangxx", config.clangxx + sanitize))
config.substitutions.append(("%clang", config.clang + sanitize))
# The Python helpers that read experiment directories (lib/, all built on
# lib/sextant_experiment.py): %profile_paths runs lib/profile_paths.py, ...
for helper in ("profile_paths", "thread_paths", "experiment_check", "mpi_check",
               "check_metric", "check_chrome_trace", "region_modules",
               "compare_folded", "add_flop_metrics", "deep_profile",
               "check_job_trace", "check_job_profile", "check_hatchet",
               "check_svg", "check_option_docs", "hostile_job",
               "check_trace_selection"):
    config.substitutions.append(("%" + helper, "python3 " + os.path.join(
        config.test_source_root, "lib", helper + ".py")))
# python/sextant_reader, run from the source tree by the python3 on PATH.
config.substitutions.append(("%sextant_reader", "env PYTHONPATH=" + os.path.join(
    config.sextant_source_dir, "python") + " python3 -m sextant_reader"))
# The user documentation (docs/), which test/lit/lib/check_option_docs.py
# holds against each command's options.
config.substitutions.append(("%sextant_docs", os.path.join(
    config.sextant_source_dir, "docs")))
config.substitutions.append(("%sextant", config.sextant_tool))
# Debian's python3, which has the otf2 bindings (python3-otf2), unlike a
# python3 of pyenv or a venv that may come first on PATH; feature "otf2"
# when sextant has the OTF2 export and that python imports otf2, and
# otf2-print is there (otf2-tools).
config.substitutions.append(("%system_python", "/usr/bin/python3"))
config.substitutions.append(("%check_otf2", "/usr/bin/python3 " + os.path.join(
    config.test_source_root, "lib", "check_otf2.py")))
if (getattr(config, "sextant_otf2", "") == "ON" and lit.util.which("otf2-print")
        and os.path.exists("/usr/bin/python3") and subprocess.call(
            ["/usr/bin/python3", "-c", "import otf2"], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL) == 0):
    config.available_features.add("otf2")
config.substitutions.append(("%opt", "opt -load-pass-plugin=" + config.sextant_plugin))
# The SVG exports are rendered by rsvg-convert (Debian: librsvg2-bin),
# feature "rsvg"; the HTML report is opened in headless Chromium (Debian:
# chromium) by lib/browser_check.js under Node.js, feature "chromium".
if lit.util.which("rsvg-convert"):
    config.available_features.add("rsvg")
if os.path.exists("/usr/bin/chromium") and lit.util.which("node"):
    config.available_features.add("chromium")
    config.substitutions.append(("%browser_check", "node " + os.path.join(
        config.test_source_root, "lib", "browser_check.js") +
        " --chromium /usr/bin/chromium"))

# OpenMP: LLVM's libomp beside the LLVM tools (Debian: libomp-19-dev), which
# clang -fopenmp links; GCC-compiled tests preload it (%libomp) in place of
# libgomp, which has no OMPT.
libomp_dir = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")
libomp = os.path.join(libomp_dir, "libomp.so.5")
if os.path.exists(libomp):
    config.available_features.add("openmp")
    config.substitutions.append(("%libomp", libomp))
    config.substitutions.append(("%omp_tools_include", os.path.join(
        libomp_dir, "clang", os.path.basename(os.path.dirname(libomp_dir)).split("-")[-1],
        "include")))
if lit.util.which("gcc"):
    config.available_features.add("gcc")
if lit.util.which("gfortran"):
    config.available_features.add("gfortran")
# Building with the wrappers: an autotools project generated in the test,
# pkg-config's view of sextant.pc.
if lit.util.which("autoreconf") and lit.util.which("automake"):
    config.available_features.add("autotools")
if lit.util.which("pkg-config"):
    config.available_features.add("pkg-config")
# GCC's -finstrument-functions hooks in libsextant (__cyg_profile_func_*):
# the wrappers' GCC mode measures through them.
def _exports_cyg_profile_hooks(library):
    try:
        symbols = subprocess.run(["nm", "-D", "--defined-only", library],
                                 capture_output=True, text=True).stdout
    except OSError:
        return False
    return "__cyg_profile_func_enter" in symbols
if _exports_cyg_profile_hooks(config.sextant_runtime_shared):
    config.available_features.add("cyg-profile-hooks")
# OpenMP settings of the developer's environment do not reach the tests.
for name in list(os.environ):
    if name.startswith("OMP_") or name.startswith("KMP_"):
        config.environment.pop(name, None)
# --- MPI flavours
# One PMPI adapter per MPI (mpi/CMakeLists.txt), beside the default one
# (config.sextant_mpi_adapter, libsextant-mpi.so, the adapter of
# config.sextant_mpi_default). Feature "mpich" or "openmpi": that MPI's
# adapter, compiler wrapper and launcher are there, with substitutions
# %mpicc_<flavour>, %mpirun_<flavour>, %mpi_link_sextant_<flavour> (the
# adapter of that MPI: libsextant-mpi when it is the default's),
# %mpi_library_<flavour> (its name, sextant-mpi or sextant-<flavour>, as the
# compiler wrappers link it), %mpi_adapter_<flavour> and
# %mpi_adapter_static_<flavour>. Feature "mpi"
# is "mpich" with the older names (%mpicc, %mpiexec, %mpi_link_sextant,
# %mpi_adapter, %mpi_adapter_static). Every run is bounded so that a hang
# fails the test instead of blocking the suite.
#   MPICH: Hydra on this host only (-launcher fork).
#   Open MPI: as root it needs --allow-run-as-root; --oversubscribe lets a
#   job have more ranks than cores. OMPI_MCA_osc=^rdma: without it, programs
#   crash in MPI_Finalize on this machine (the rdma one-sided component);
#   OMPI_MCA_pml=ob1 and OMPI_MCA_btl=self,vader: shared memory only, so that
#   no network transport (UCX, TCP, openib) is probed and none warns about
#   missing interfaces or devices.
mpi_adapter = getattr(config, "sextant_mpi_adapter", "")
mpi_default = getattr(config, "sextant_mpi_default", "")
mpi_dir = os.path.dirname(mpi_adapter)
openmpi_environment = ("OMPI_MCA_osc=^rdma OMPI_MCA_pml=ob1 "
                       "OMPI_MCA_btl=self,vader")
# flavour: (compiler wrapper, launcher, %mpicc_<flavour>, %mpirun_<flavour>)
mpi_flavours = {
    "mpich": ("mpicc.mpich", "mpiexec.mpich",
              "mpicc.mpich -cc=" + config.clang + sanitize,
              "timeout 300 mpiexec.mpich -launcher fork"),
    "openmpi": ("mpicc.openmpi", "mpirun.openmpi",
                "env OMPI_CC=" + config.clang + " mpicc.openmpi" + sanitize,
                "env " + openmpi_environment + " timeout 300 mpirun.openmpi"
                " --allow-run-as-root --oversubscribe"),
}
# The older names come last: a substitution must not eat a longer one.
mpich_names = []
for flavour, (wrapper, launcher, mpicc, mpirun) in mpi_flavours.items():
    if not (mpi_adapter and os.path.exists(os.path.join(
            mpi_dir, "libsextant-%s.so" % flavour))
            and lit.util.which(wrapper) and lit.util.which(launcher)):
        continue
    config.available_features.add(flavour)
    library = "sextant-mpi" if flavour == mpi_default else "sextant-" + flavour
    link = ("-L%s -Wl,-rpath,%s -l%s -L%s -Wl,-rpath,%s -lsextant"
            % (mpi_dir, mpi_dir, library, runtime_dir, runtime_dir))
    names = [("%mpicc", mpicc), ("%mpirun", mpirun), ("%mpi_library", library),
             ("%mpi_link_sextant", link),
             ("%mpi_adapter_static", os.path.join(mpi_dir, "lib%s.a" % library)),
             ("%mpi_adapter", os.path.join(mpi_dir, "lib%s.so" % library))]
    for name, value in names:
        config.substitutions.append((name + "_" + flavour, value))
    if flavour == "mpich":
        config.available_features.add("mpi")
        mpich_names = [(name.replace("%mpirun", "%mpiexec"), value)
                       for name, value in names]
config.substitutions.extend(mpich_names)
if "mpich" in config.available_features:
    # flang-new-19 with MPICH's mpif.h: mpifort.mpich passes gfortran-only
    # options to any compiler (see e2e/mpi/mpi_fortran.test).
    config.substitutions.append(
        ("%mpifort_flang", "flang-new-19 -I/usr/include/x86_64-linux-gnu/mpich"
         " -L/usr/lib/x86_64-linux-gnu"))

# --- shmem: OpenSHMEM (Open MPI's oshcc and oshrun) for e2e/shmem, feature
# "openshmem". %oshcc compiles with the suite's clang (so that %instrument
# works); %oshrun runs on this host only, as root if need be, with the
# setting this machine's Open MPI needs (OMPI_MCA_osc=^rdma, or it crashes
# in finalize, docs/openshmem.md), bounded so that a hang fails the test.
if lit.util.which("oshcc") and lit.util.which("oshrun"):
    config.available_features.add("openshmem")
    config.substitutions.append(
        ("%oshcc", "env OSHMEM_CC=%s oshcc%s" % (config.clang, sanitize)))
    config.substitutions.append(
        ("%oshrun", "env OMPI_MCA_osc=^rdma timeout 300 oshrun "
         "--allow-run-as-root --oversubscribe"))

if config.sanitizer:
    config.available_features.add("sanitizer")
    for s in config.sanitizer.split(";"):
        config.available_features.add(s + "-sanitizer")
    # The instrumented programs link a sanitized runtime; leak reports from
    # the test programs themselves are not what these tests are about.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
else:
    config.available_features.add("no-sanitizer")

# PAPI metrics with the perf software events (perf::PAGE-FAULTS, ...): the
# runtime loads libpapi with dlopen, PAPI must resolve those events, and the
# kernel must let a process count its own events (perf_event_paranoid at
# most 2). "perf-kernel-events": the
# kernel also lets it count in the kernel domain (:k=1 modifiers, e.g.
# perf::CONTEXT-SWITCHES:k=1), which needs perf_event_paranoid at most 1 or
# root (CAP_PERFMON).
def _perf_event_paranoid():
    try:
        with open("/proc/sys/kernel/perf_event_paranoid") as f:
            return int(f.read().strip())
    except (OSError, ValueError):
        return 99

def _papi_knows_perf_events():
    """Whether libpapi loads and its perf_event component resolves the perf
    software events. PAPI disables that component as a whole, software
    events included, where libpfm4 finds no default PMU (a virtual machine
    whose CPU shows no performance-monitoring unit): the runtime then warns
    that PAPI knows no such event, which metrics_unknown_event.test checks."""
    import ctypes
    papi = None
    for name in ("libpapi.so.7.0", "libpapi.so.7", "libpapi.so"):
        try:
            papi = ctypes.CDLL(name)
            break
        except OSError:
            pass
    if papi is None:
        return False
    # PAPI_library_init returns the version it was asked for when that is
    # its own (PAPI_VER_CURRENT: major and minor in the top two bytes).
    initialised = False
    for major in (7, 6):
        for minor in range(0, 4):
            version = (major << 24) | (minor << 16)
            if papi.PAPI_library_init(ctypes.c_int(version)) == version:
                initialised = True
                break
        if initialised:
            break
    if not initialised:
        return False
    code = ctypes.c_int(0)
    return papi.PAPI_event_name_to_code(b"perf::TASK-CLOCK",
                                        ctypes.byref(code)) == 0

if _perf_event_paranoid() <= 2 and _papi_knows_perf_events():
    config.available_features.add("papi")
    if _perf_event_paranoid() <= 1 or os.geteuid() == 0:
        config.available_features.add("perf-kernel-events")

# "unprivileged-user": the tests can run a command as the unprivileged user
# nobody (setpriv, as root) on binaries and libraries of this build, i.e.
# every directory from / down to the build tree is searchable by others. The
# security tests (setuid programs, directories of another owner) need it;
# elsewhere they are reported as unsupported.
def _searchable_by_others(path):
    path = os.path.abspath(path)
    while True:
        try:
            if not os.stat(path).st_mode & 0o001:
                return False
        except OSError:
            return False
        parent = os.path.dirname(path)
        if parent == path:
            return True
        path = parent

if (os.geteuid() == 0 and lit.util.which("setpriv")
        and _searchable_by_others(config.sextant_binary_dir)):
    config.available_features.add("unprivileged-user")

# --- wrap
# `sextant wrap` (test/lit/e2e/wrap/): FFTW 3 (Debian: libfftw3-dev) is the
# real library the tests wrap, feature "fftw3".
if os.path.exists("/usr/include/fftw3.h") and any(
        os.path.exists(os.path.join(d, "libfftw3.so"))
        for d in ("/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu", "/usr/lib")):
    config.available_features.add("fftw3")

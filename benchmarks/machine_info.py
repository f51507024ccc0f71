"""What the benchmark drivers report about the machine they ran on.

Shared by benchmarks/overhead_harness.py, benchmarks/micro/run_overhead.py
and benchmarks/mpi/run_mpi_overhead.py (the latter two put benchmarks/ on
sys.path to import it).
"""
import platform


def cpu_model():
    """The CPU's model name from /proc/cpuinfo, else what platform knows."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"

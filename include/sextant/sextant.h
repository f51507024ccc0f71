/*===- sextant/sextant.h - Sextant's public measurement API ----*- C -*-===*\
 *
 * The API a program may call to control Sextant's measurement. Link the
 * program with libsextant (-lsextant); the calls work whether or not the
 * program was compiled with SextantPlugin.so. All functions are thread-safe
 * and never fail visibly: without memory, or after the measurement ended,
 * they do nothing.
 *
 * User regions
 *   sextant_region_begin("name") ... sextant_region_end("name") measures
 *   the code in between as a region called "name" (flag "user" in
 *   regions.json). Regions are keyed by their name: every begin with the
 *   same name, anywhere in the program, is the same region. They nest with
 *   each other and with instrumented functions, per thread. An end closes
 *   the innermost open region of that name on the calling thread; regions
 *   opened inside it and not ended are ended with it (a counted repair); an
 *   end without a matching begin is ignored and counted (exits_ignored in
 *   experiment.json). User regions are filtered (SEXTANT_FILTER matches
 *   their name), throttled and paused like instrumented functions.
 *
 *   In C++, SEXTANT_SCOPE("name") opens a region that ends when the
 *   enclosing scope is left, also by an exception.
 *
 * Pause and resume
 *   sextant_pause() stops the measurement on all threads until
 *   sextant_resume(): every region is disarmed, so calls that start while
 *   paused are not recorded at all (neither their begin nor their end),
 *   while calls that were in progress when the pause began still record
 *   their end (their inclusive time includes the paused interval). A pause
 *   while paused, or a resume while not paused, does nothing (pauses do not
 *   nest). The shadow call stack stays balanced whatever the order of
 *   begins, ends, pauses and resumes.
\*===----------------------------------------------------------------------===*/

#ifndef SEXTANT_SEXTANT_H
#define SEXTANT_SEXTANT_H

#ifdef __cplusplus
extern "C" {
#endif

/** Opens the user region called name on the calling thread. NULL is
 *  ignored. The name is copied on first use. */
void sextant_region_begin(const char *name);

/** Closes the innermost open user region called name on the calling
 *  thread. */
void sextant_region_end(const char *name);

/** Stops recording on all threads (see above). */
void sextant_pause(void);

/** Starts recording again after sextant_pause(). */
void sextant_resume(void);

#ifdef __cplusplus
} /* extern "C" */

namespace sextant {

/** A user region that lasts as long as this object. */
class ScopedRegion {
public:
  explicit ScopedRegion(const char *Name) : Name(Name) {
    sextant_region_begin(Name);
  }
  ~ScopedRegion() { sextant_region_end(Name); }
  ScopedRegion(const ScopedRegion &) = delete;
  ScopedRegion &operator=(const ScopedRegion &) = delete;

private:
  const char *Name;
};

} // namespace sextant

#define SEXTANT_SCOPE_CONCAT_(A, B) A##B
#define SEXTANT_SCOPE_NAME_(Line) SEXTANT_SCOPE_CONCAT_(SextantScope_, Line)
/** Measures the rest of the enclosing scope as the user region Name. */
#define SEXTANT_SCOPE(Name)                                                    \
  ::sextant::ScopedRegion SEXTANT_SCOPE_NAME_(__LINE__)(Name)

#endif /* __cplusplus */

#endif /* SEXTANT_SEXTANT_H */

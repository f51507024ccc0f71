/* heat2d.c - explicit 2D heat diffusion on a square plate (C).
 *
 * Part of Sextant's test applications. A hot left edge diffuses into a cold
 * plate; every step applies a 5-point stencil, re-imposes the boundary and,
 * every check_interval steps, computes the change since the last check.
 * Usage: heat2d [n] [steps]   (defaults: 200 200)
 * Functions are noinline so that their visit counts are exact at -O2 too:
 *   init_plate 3, apply_boundary steps+1, stencil_step steps,
 *   max_change steps/check_interval, report 1.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

enum { CheckInterval = 10 };

typedef struct {
  int n;
  double *cells; /* (n+2) x (n+2), with a halo row/column on each side */
} plate;

static NOINLINE double *cell(plate *p, int i, int j) {
  return &p->cells[(size_t)i * (size_t)(p->n + 2) + (size_t)j];
}

static NOINLINE void init_plate(plate *p, int n) {
  p->n = n;
  p->cells = calloc((size_t)(n + 2) * (size_t)(n + 2), sizeof(double));
  if (!p->cells) {
    perror("heat2d: calloc");
    exit(1);
  }
}

static NOINLINE void apply_boundary(plate *p) {
  for (int i = 0; i < p->n + 2; ++i) {
    *cell(p, i, 0) = 100.0;       /* hot left edge */
    *cell(p, i, p->n + 1) = 0.0;  /* cold right edge */
  }
  for (int j = 1; j < p->n + 1; ++j) {
    *cell(p, 0, j) = 0.0;
    *cell(p, p->n + 1, j) = 0.0;
  }
}

static NOINLINE void stencil_step(const plate *in, plate *out, double alpha) {
  int w = in->n + 2;
  for (int i = 1; i <= in->n; ++i)
    for (int j = 1; j <= in->n; ++j) {
      const double *c = &in->cells[(size_t)i * (size_t)w + (size_t)j];
      out->cells[(size_t)i * (size_t)w + (size_t)j] =
          c[0] + alpha * (c[-1] + c[1] + c[-w] + c[w] - 4.0 * c[0]);
    }
}

static NOINLINE double max_change(const plate *a, const plate *b) {
  double m = 0.0;
  size_t count = (size_t)(a->n + 2) * (size_t)(a->n + 2);
  for (size_t k = 0; k < count; ++k) {
    double d = fabs(a->cells[k] - b->cells[k]);
    if (d > m)
      m = d;
  }
  return m;
}

static NOINLINE void report(plate *p, int steps, double change) {
  double sum = 0.0;
  for (int i = 1; i <= p->n; ++i)
    for (int j = 1; j <= p->n; ++j)
      sum += *cell(p, i, j);
  printf("heat2d: n=%d steps=%d mean=%.6f last-change=%.6e\n", p->n, steps,
         sum / ((double)p->n * p->n), change);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200;
  int steps = argc > 2 ? atoi(argv[2]) : 200;
  if (n < 1 || steps < 0) {
    fprintf(stderr, "usage: heat2d [n>=1] [steps>=0]\n");
    return 2;
  }
  plate current, next, checkpoint;
  init_plate(&current, n);
  init_plate(&next, n);
  init_plate(&checkpoint, n);
  apply_boundary(&current);
  double change = 0.0;
  for (int s = 1; s <= steps; ++s) {
    stencil_step(&current, &next, 0.2);
    apply_boundary(&next);
    plate t = current;
    current = next;
    next = t;
    if (s % CheckInterval == 0) {
      change = max_change(&current, &checkpoint);
      memcpy(checkpoint.cells, current.cells,
             (size_t)(n + 2) * (size_t)(n + 2) * sizeof(double));
    }
  }
  report(&current, steps, change);
  free(current.cells);
  free(next.cells);
  free(checkpoint.cells);
  return 0;
}

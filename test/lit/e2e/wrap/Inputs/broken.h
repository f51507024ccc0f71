/* A header that does not parse: line 5 uses a type nobody declared. */
#ifndef BROKEN_H
#define BROKEN_H
int broken_ok(int value);
int broken_bad(undeclared_type_t value);
#endif

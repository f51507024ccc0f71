//===- wrap/generator/AnnotationExpression.h - Checked expressions -*- C++
//-*-===//
//
// Part of Sextant. The expressions of an annotation file (`bytes`, `peer`,
// `sets-rank`) are pasted into the generated wrapper's source, so each must
// be one C expression that compiles there: expressionSyntaxError() refuses
// text that could end the expression or the statement it stands in (`;`,
// braces, a comment, a top-level comma, unbalanced or too deeply nested
// parentheses) when the file is read, and compileExpressions() compiles
// every expression of every wrapped function with libclang against the
// headers and the function's parameters, so that an undeclared function or
// a type error is reported at the annotation's line.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_WRAP_GENERATOR_ANNOTATIONEXPRESSION_H
#define SEXTANT_WRAP_GENERATOR_ANNOTATIONEXPRESSION_H

#include "wrap/generator/WrappedFunction.h"

#include <cstddef>
#include <string>
#include <vector>

namespace sextant {
namespace wrap {

/// The longest expression, in bytes, and the deepest nesting of
/// parentheses and brackets an expression may have.
constexpr size_t MaxExpressionBytes = 4096;
constexpr unsigned MaxExpressionNesting = 64;

/// Empty when Expression may stand as one expression inside parentheses of
/// the generated source; otherwise why not ("unbalanced parentheses: ...").
std::string expressionSyntaxError(const std::string &Expression);

/// One expression of one wrapped function, as the wrapper evaluates it.
struct ExpressionUse {
  const WrappedFunction *Function;
  std::string Key;        ///< "bytes", "peer", "sets-rank"
  std::string Expression; ///< as written
  std::string Type;       ///< what the wrapper converts it to: "int", ...
  std::string Where;      ///< "file:line: " of the annotation
};

/// Compiles every use in one translation unit of Headers (as C11 or C++17,
/// with CompilerArguments) in which each expression stands in a function
/// with the parameters of its function. False with an error line per
/// expression that does not compile ("file:line: error: function F: 'bytes
/// E' does not compile: <the compiler's message>") in Errors.
bool compileExpressions(const std::vector<std::string> &Headers,
                        const std::vector<std::string> &CompilerArguments,
                        bool AsC, const std::vector<ExpressionUse> &Uses,
                        std::vector<std::string> &Errors);

} // namespace wrap
} // namespace sextant

#endif // SEXTANT_WRAP_GENERATOR_ANNOTATIONEXPRESSION_H

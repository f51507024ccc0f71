//===- wrap/generator/AnnotationExpression.cpp - Checked expressions ------===//
//
// Part of Sextant. See AnnotationExpression.h.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/AnnotationExpression.h"

#include "wrap/generator/InMemoryUnit.h"

#include <map>

namespace sextant {
namespace wrap {

namespace {

/// The index after the string or character literal that starts at Begin,
/// or npos when it does not end.
size_t skipLiteral(const std::string &Text, size_t Begin) {
  char Quote = Text[Begin];
  for (size_t I = Begin + 1; I < Text.size(); ++I) {
    if (Text[I] == '\\')
      ++I;
    else if (Text[I] == Quote)
      return I + 1;
  }
  return std::string::npos;
}

} // namespace

std::string expressionSyntaxError(const std::string &Expression) {
  if (Expression.size() > MaxExpressionBytes)
    return "longer than " + std::to_string(MaxExpressionBytes) + " bytes";
  std::string Open; // the parentheses and brackets not yet closed
  for (size_t I = 0; I < Expression.size();) {
    char C = Expression[I];
    unsigned char Byte = static_cast<unsigned char>(C);
    if (Byte < 0x20 || Byte >= 0x7f)
      return "a control or non-ASCII byte at column " + std::to_string(I + 1);
    if (C == '"' || C == '\'') {
      size_t End = skipLiteral(Expression, I);
      if (End == std::string::npos)
        return std::string("an unterminated ") +
               (C == '"' ? "string" : "character") + " literal";
      I = End;
      continue;
    }
    if (C == '/' && I + 1 < Expression.size() &&
        (Expression[I + 1] == '*' || Expression[I + 1] == '/'))
      return "a comment ('" + Expression.substr(I, 2) +
             "'): an expression holds none";
    if (C == ';')
      return "a ';': an annotation is one expression, not statements";
    if (C == '{' || C == '}' || C == '\\')
      return std::string("a '") + C + "', which no expression needs";
    if (C == ',' && Open.empty())
      return "a ',' outside parentheses: an annotation is one expression";
    if (C == '(' || C == '[') {
      if (Open.size() >= MaxExpressionNesting)
        return "parentheses and brackets nested deeper than " +
               std::to_string(MaxExpressionNesting) + " levels";
      Open += C;
    } else if (C == ')' || C == ']') {
      char Expected = C == ')' ? '(' : '[';
      if (Open.empty() || Open.back() != Expected)
        return std::string("unbalanced parentheses: a '") + C + "' at column " +
               std::to_string(I + 1) + " closes nothing";
      Open.pop_back();
    }
    ++I;
  }
  if (!Open.empty())
    return std::string("unbalanced parentheses: a '") + Open.back() +
           "' is not closed";
  return std::string();
}

bool compileExpressions(const std::vector<std::string> &Headers,
                        const std::vector<std::string> &CompilerArguments,
                        bool AsC, const std::vector<ExpressionUse> &Uses,
                        std::vector<std::string> &Errors) {
  if (Uses.empty())
    return true;
  const char *MainName =
      AsC ? "sextant-wrap-expressions.c" : "sextant-wrap-expressions.cpp";
  std::string Main;
  unsigned Line = 0;
  for (const std::string &Header : Headers) {
    Main += "#include \"" + Header + "\"\n";
    ++Line;
  }
  // Each expression on a line of its own, in a function of its own.
  std::map<unsigned, const ExpressionUse *> UseAtLine;
  for (size_t I = 0; I < Uses.size(); ++I) {
    const ExpressionUse &Use = Uses[I];
    std::string Parameters;
    for (const WrappedParameter &P : Use.Function->Parameters)
      Parameters += (Parameters.empty() ? "" : ", ") + P.Declaration;
    Main += "static void sextant_expression_" + std::to_string(I) + "(" +
            (Parameters.empty() ? std::string("void") : Parameters) + ") {\n";
    Main += "  (void)(" + Use.Type + ")(" + Use.Expression + ");\n}\n";
    UseAtLine[Line + 2] = &Use;
    Line += 3;
  }
  InMemoryUnit Parsed(MainName, Main, AsC, CompilerArguments,
                      CXTranslationUnit_None);
  CXTranslationUnit Unit = Parsed.unit();
  if (!Unit) {
    Errors.push_back("error: libclang could not start compiling the "
                     "annotation expressions (error " +
                     std::to_string(Parsed.code()) + ")");
    return false;
  }
  size_t ErrorsBefore = Errors.size();
  std::map<const ExpressionUse *, bool> Reported; // one error per use
  for (unsigned I = 0, E = clang_getNumDiagnostics(Unit); I < E; ++I) {
    CXDiagnostic Diagnostic = clang_getDiagnostic(Unit, I);
    if (clang_getDiagnosticSeverity(Diagnostic) >= CXDiagnostic_Error) {
      CXFile File;
      unsigned At, Column, Offset;
      clang_getSpellingLocation(clang_getDiagnosticLocation(Diagnostic), &File,
                                &At, &Column, &Offset);
      std::string InFile = toString(clang_getFileName(File));
      auto Found = UseAtLine.find(At);
      std::string Message = toString(clang_getDiagnosticSpelling(Diagnostic));
      if (InFile == MainName && Found != UseAtLine.end()) {
        const ExpressionUse &Use = *Found->second;
        if (!Reported[&Use])
          Errors.push_back(Use.Where + "error: function " +
                           Use.Function->Symbol + ": '" + Use.Key + " " +
                           Use.Expression + "' does not compile: " + Message);
        Reported[&Use] = true;
      } else {
        Errors.push_back(toString(clang_formatDiagnostic(
                             Diagnostic, CXDiagnostic_DisplaySourceLocation |
                                             CXDiagnostic_DisplayColumn)) +
                         " (compiling the annotation expressions)");
      }
    }
    clang_disposeDiagnostic(Diagnostic);
  }
  return Errors.size() == ErrorsBefore;
}

} // namespace wrap
} // namespace sextant

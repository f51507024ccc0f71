//===- format/pictures/SvgWriter.h - Writing SVG documents ------*- C++ -*-===//
//
// Part of Sextant. A small streaming writer of SVG (XML) text, shared by
// every SVG view (FlameGraphSvg.h, MatrixSvg.h): elements with attributes
// and text content, closed in order. Attribute values and text are escaped
// for XML (& < > " ' as entities; bytes that are not valid UTF-8 and the
// control characters XML 1.0 forbids become U+FFFD), so that any region
// name gives a document that XML parsers and SVG renderers accept. Numbers
// are written with '.' as the decimal point whatever the locale.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PICTURES_SVGWRITER_H
#define SEXTANT_FORMAT_PICTURES_SVGWRITER_H

#include <string>
#include <string_view>
#include <vector>

namespace sextant {
namespace format {

/// Appends Text to Out escaped for XML text and attribute values.
void appendXmlEscaped(std::string &Out, std::string_view Text);

/// Value with at most two decimals, trailing zeros dropped ("12.5", "3").
std::string svgNumber(double Value);

class SvgWriter {
public:
  /// Starts an SVG document of Width x Height user units (pixels).
  SvgWriter(double Width, double Height);

  /// Opens element Name; attributes may follow until content is added.
  SvgWriter &open(std::string_view Name);
  SvgWriter &attribute(std::string_view Name, std::string_view Value);
  SvgWriter &attribute(std::string_view Name, double Value);
  /// Adds Text (escaped) as content of the element open.
  SvgWriter &text(std::string_view Text);
  /// Closes the innermost element open.
  void close();
  /// Shorthand: element Name with Text as its only content.
  void textElement(std::string_view Name, std::string_view Text);

  /// Closes every element and returns the document.
  std::string finish();

private:
  void endStartTag();

  struct Element {
    std::string Name;
    bool StartTagOpen;
  };
  std::string Out;
  std::vector<Element> Open;
};

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PICTURES_SVGWRITER_H

//===- test/unit/format/pictures/SvgWriterTests.cpp -----------------------===//
//
// Writing SVG documents.
//
// Part of Sextant. XML escaping (markup characters, bytes that are not
// UTF-8, control characters), numbers, and the nesting of elements.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/SvgWriter.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sextant::format;

TEST_CASE("XML escaping replaces markup and invalid bytes", "[SvgWriter]") {
  std::string Out;
  appendXmlEscaped(Out, "a<b>&\"c\"'d'");
  CHECK(Out == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;");
  Out.clear();
  // Valid UTF-8 stays; a lone continuation byte, a truncated sequence and
  // the control characters XML 1.0 forbids become U+FFFD; tab, line feed
  // and carriage return stay.
  appendXmlEscaped(Out, std::string("\xC3\xA9|\x80|\xE2\x82|\x01|\x7F|\t\n\r"));
  CHECK(Out == "\xC3\xA9|\xEF\xBF\xBD|\xEF\xBF\xBD\xEF\xBF\xBD|\xEF\xBF\xBD|"
               "\xEF\xBF\xBD|\t\n\r");
}

TEST_CASE("SVG numbers have at most two decimals", "[SvgWriter]") {
  CHECK(svgNumber(12.5) == "12.5");
  CHECK(svgNumber(3.0) == "3");
  CHECK(svgNumber(0.004) == "0");
  CHECK(svgNumber(-0.001) == "0");
  CHECK(svgNumber(1180.126) == "1180.13");
}

TEST_CASE("SVG elements nest and close in order", "[SvgWriter]") {
  SvgWriter Svg(100, 50.5);
  Svg.open("g").attribute("class", "frame & more");
  Svg.textElement("title", "x < y");
  Svg.open("rect").attribute("width", 10.25);
  Svg.close();
  Svg.close();
  std::string Text = Svg.finish();
  CHECK(Text == "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
                "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                "width=\"100\" height=\"50.5\" viewBox=\"0 0 100 50.5\">\n"
                "<g class=\"frame &amp; more\"><title>x &lt; y</title>"
                "<rect width=\"10.25\"/></g>\n"
                "</svg>\n");
}

/**
 * The JSON-RPC answer in a gateway's HTTP response, whichever of the two forms streamable HTTP allows it took: one
 * JSON body, or an event stream whose events before it (log messages, progress) are not the answer.
 */
export async function jsonRpcAnswer(response: Response): Promise<any> {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) return response.json();
  const messages = (await response.text()).split(/\r?\n\r?\n/).flatMap((event) => {
    const data = event.split(/\r?\n/).filter((line) => line.startsWith("data:")).map((line) => line.slice(5).trimStart()).join("\n");
    return data ? [JSON.parse(data)] : [];
  });
  const answer = messages.find((message) => "id" in message && ("result" in message || "error" in message));
  if (!answer) throw new Error(`no JSON-RPC answer in the event stream: ${JSON.stringify(messages)}`);
  return answer;
}

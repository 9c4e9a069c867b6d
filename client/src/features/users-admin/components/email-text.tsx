/** An e-mail address that may wrap after its '@' in a narrow table cell before breaking anywhere else. */
export function EmailText({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

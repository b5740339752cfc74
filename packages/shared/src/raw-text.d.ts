/** Test fixtures read as text (`import text from '...csv?raw'`, as Vite serves them). */
declare module '*.csv?raw' {
  const text: string;
  export default text;
}

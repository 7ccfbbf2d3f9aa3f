/** The part of @midlandsbank/node-nacha (a NACHA reader, plain JavaScript) the bank file tests read with. */
declare module '@midlandsbank/node-nacha' {
  interface NachaEntry {
    transactionCode: string;
    receivingDFIIdentification: number;
    checkDigit: number;
    dfiAccount: string;
    amount: number;
    identificationNumber: string;
    receivingCompanyName: string;
    traceNumber: number;
    addenda?: { type: string; info: string };
  }
  interface NachaControl {
    entryAndAddendaCount: number;
    entryHash: number;
    totalDebit: number;
    totalCredit: number;
  }
  interface NachaData {
    file: { destination: string; origin: string; originName: string; footer: NachaControl & { batchCount: number; blockCount: number } };
    batches: {
      serviceClassCode: number;
      companyId: string;
      entryClassCode: string;
      effectiveDate: string;
      originatingDFIIdentification: string;
      entries: NachaEntry[];
      footer: NachaControl;
    }[];
  }
  const nacha: { from(source: string): { data: NachaData } };
  export default nacha;
}

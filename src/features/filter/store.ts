import { makeAutoObservable } from '@/utils/observable'

/** The fund filter's form: condition key → chosen value(s). */
export type FilterFormValue = Record<string, unknown>

/** A saved filter's details, as My Filter shows them. */
export interface FilterDetail {
  id?: string
  name?: string
  conditions?: FilterFormValue
  [key: string]: unknown
}

/** Fund filter store (spec section 3): formValue {}, filterDetail null, justDelete false. */
export class FilterStore {
  formValue: FilterFormValue = {}
  filterDetail: FilterDetail | null = null
  /** A saved filter was just deleted (the list page shows it once). */
  justDelete = false

  constructor() {
    makeAutoObservable(this)
  }

  setFormValue(formValue: FilterFormValue) {
    this.formValue = formValue
  }

  setFilterDetail(filterDetail: FilterDetail | null) {
    this.filterDetail = filterDetail
  }

  setJustDelete(justDelete: boolean) {
    this.justDelete = justDelete
  }

  /** Reset clears formValue and filterDetail (spec section 4). */
  reset() {
    this.formValue = {}
    this.filterDetail = null
  }
}

export const filterStore = new FilterStore()
